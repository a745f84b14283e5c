/**
 * it-asset-auditor-agent_<version>_amd64.deb, built with dpkg-deb from a staged tree: the Linux
 * single executable in /opt/it-asset-auditor-agent, the systemd unit, and the maintainer scripts of
 * agent/linux/deb (postinst writes the configuration from ITAA_* variables through the agent).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEB_PACKAGE } from './package';
import { formatSize, info, ROOT, run, shown, step } from './tools';

export const DEB_SOURCE_DIR = path.join(ROOT, 'agent/linux/deb');
export const DEB_PROGRAM = `/opt/${DEB_PACKAGE}/${DEB_PACKAGE}`;
export const DEB_UNIT = `/lib/systemd/system/${DEB_PACKAGE}.service`;
export const DEB_MAINTAINER_SCRIPTS = ['postinst', 'prerm', 'postrm'] as const;

/** The control file. Node 24's Linux binary needs glibc 2.28 and the C++ runtime. */
export function debControl(version: string, installedKb: number): string {
  return [
    `Package: ${DEB_PACKAGE}`,
    `Version: ${version}`,
    'Architecture: amd64',
    'Maintainer: IT Asset Auditor <support@it-asset-auditor.invalid>',
    `Installed-Size: ${installedKb}`,
    'Depends: libc6 (>= 2.28), libstdc++6, libgcc-s1',
    'Section: admin',
    'Priority: optional',
    'Description: IT Asset Auditor Agent',
    " Collects this machine's hardware and software inventory and reports it to",
    ' IT Asset Auditor every 30 minutes (systemd service it-asset-auditor-agent).',
    ' Install with ITAA_ENDPOINT and ITAA_API_KEY set to write its configuration.',
    '',
  ].join('\n');
}

export function buildDeb(options: {
  linuxExe: string;
  readme: string;
  version: string;
  debFile: string;
  workDir: string;
}): void {
  const { linuxExe, version, debFile, workDir } = options;
  step(`Building ${path.basename(debFile)} (dpkg-deb)`);
  const root = path.join(workDir, 'deb-root');
  fs.rmSync(root, { recursive: true, force: true });
  const put = (target: string, source: string | Buffer, mode: number) => {
    const file = path.join(root, target);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
    if (typeof source === 'string') fs.copyFileSync(source, file);
    else fs.writeFileSync(file, source);
    fs.chmodSync(file, mode);
  };
  put(DEB_PROGRAM, linuxExe, 0o755);
  put(DEB_UNIT, path.join(DEB_SOURCE_DIR, `${DEB_PACKAGE}.service`), 0o644);
  put(
    `/usr/share/doc/${DEB_PACKAGE}/README.txt`,
    Buffer.from(fs.readFileSync(options.readme, 'utf8').replace(/\r\n/g, '\n')),
    0o644,
  );
  for (const script of DEB_MAINTAINER_SCRIPTS)
    put(`DEBIAN/${script}`, path.join(DEB_SOURCE_DIR, script), 0o755);
  const installedKb = Math.ceil((fs.statSync(linuxExe).size + 16 * 1024) / 1024);
  put('DEBIAN/control', Buffer.from(debControl(version, installedKb)), 0o644);
  for (const dir of [root, path.join(root, 'DEBIAN')]) fs.chmodSync(dir, 0o755);
  fs.rmSync(debFile, { force: true });
  // gzip at level 6 (dpkg-deb's default 9 takes three times as long for 2 % less; xz, a minute): every
  // dpkg installs it.
  run('dpkg-deb', ['--build', '--root-owner-group', '-Zgzip', '-z6', root, debFile], 'Building the .deb');
  info(`${shown(debFile)} (${formatSize(fs.statSync(debFile).size)})`);
}
