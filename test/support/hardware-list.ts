import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { HardwareAsset, HardwareListResponse } from '../../shared/hardware';
import type { HardwareLocationsResponse } from '../../shared/hardware-list';
import { api, type TestCompany } from './api';
import { createOk } from './hardware';

/**
 * The hardware list's calls as its tests make them (issue 34): sorted and filtered pages, every page
 * of a query, the bulk update and the locations. Over HTTP to the run's stack.
 */

/** Creates the assets one after another (their ids, and so "newest first", in this order). */
export async function seedAssets(
  company: TestCompany,
  assets: Record<string, unknown>[],
): Promise<HardwareAsset[]> {
  const created: HardwareAsset[] = [];
  for (const asset of assets) created.push(await createOk(company, { status: 'Active', ...asset }));
  return created;
}

export type ListParams = Record<string, string | number | undefined>;

export async function hardwarePage(company: TestCompany, params: ListParams = {}) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  const response = await api<HardwareListResponse>(`/api/hardware?${query.toString()}`, {
    token: company.accessToken,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Every page of a query, following next_cursor; bounded so a cursor that loops fails the test. */
export async function everyPage(company: TestCompany, params: ListParams = {}) {
  const pages: HardwareListResponse[] = [];
  let cursor: string | undefined;
  do {
    const page = await hardwarePage(company, { ...params, cursor });
    pages.push(page);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && pages.length < 100);
  expect(cursor).toBeUndefined();
  return { pages, items: pages.flatMap((page) => page.items) };
}

export function bulkUpdate(company: TestCompany, body: unknown) {
  return api<{ updated: number }>('/api/hardware/bulk-update', {
    method: 'POST',
    token: company.accessToken,
    body,
  });
}

export async function locationsOf(company: TestCompany) {
  const response = await api<HardwareLocationsResponse>('/api/hardware/locations', {
    token: company.accessToken,
  });
  expect(response.status).toBe(200);
  return response.body.items;
}

/** The names of the hardware rows (or phone cards) shown, in order. */
export async function shownAssetNames(page: Page): Promise<string[]> {
  return (await page.locator('.data-table__name').allTextContents()).map((name) => name.trim());
}

/** The list's footer: "Showing 24 of 56 hardware assets". */
export function showingLine(page: Page): Promise<string | null> {
  return page.getByText(/^Showing /).textContent();
}

/** A select's choices as they read. */
export async function optionTexts(select: Locator): Promise<string[]> {
  return (await select.locator('option').allTextContents()).map((text) => text.trim());
}
