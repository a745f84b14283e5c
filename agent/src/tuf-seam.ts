/**
 * The one internal of tuf-js the agent borrows (issue 36; docs/decisions/0003-tuf.md). tuf-js stops
 * walking root versions only on its own DownloadHTTPError with 403 or 404 (its updater checks
 * `instanceof`), and exports that class only from dist/error, outside its public entry. The agent's
 * fetcher (./update-fetch.ts) throws it for a missing next root. tuf-js is pinned exactly in
 * package.json; ./tuf-seam.test.ts fails on an upgrade that moves the class or stops the walk on it.
 */
export { DownloadHTTPError } from 'tuf-js/dist/error';

export const TUF_JS_VERSION = '5.0.1';
