/**
 * What the agent borrows from tuf-js beyond its public entry (docs/decisions/0003-tuf.md).
 * tuf-js's updater stops walking root versions (1.root.json, 2.root.json, …) only on its own
 * DownloadHTTPError with status 403 or 404; any other error ends the refresh. Its public entry
 * exports BaseFetcher, Updater and TargetFile but no error class, so a fetcher of ours (one that goes
 * through the agent's proxy and private CA) must throw the very class from `dist/error`. This is
 * tuf-js 5.0.1's layout, which package.json pins exactly; ./tuf-seam.test.ts fails when the installed
 * release is another one or the class no longer ends the walk.
 */
export const TUF_JS_VERSION = '5.0.1';

export { DownloadHTTPError } from 'tuf-js/dist/error';

/**
 * The models tuf-js 5.0.1 depends on exactly, and the ones agent/build signs releases with: one copy
 * in the tree, so what the build signs is read by the same classes the agent verifies with.
 */
export const TUFJS_MODELS_VERSION = '4.1.1';
