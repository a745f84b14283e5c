/**
 * What the bench borrows from Lighthouse beyond its public entry (docs/decisions/0002-…0004 list
 * the product's seams; this one is the bench's). Lighthouse computes the host's BenchmarkIndex in
 * the audited page with `pageFunctions.computeBenchmarkIndex`, which its entry does not export; the
 * bench runs the same function in a tab before the audits, to calibrate the CPU slowdown as
 * Lighthouse's throttling docs describe. Lighthouse has no exports map, so `core/lib/` resolves; this
 * is Lighthouse 12.8.2's layout, which package.json pins exactly, and ./lighthouse-seam.test.ts fails
 * when another release is installed or the function no longer runs on its own in a page.
 */
export const LIGHTHOUSE_VERSION = '12.8.2';

export { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
