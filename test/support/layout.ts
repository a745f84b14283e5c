import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The widths the product is checked at: a laptop and a phone (SPEC: phone layouts at 390 px). */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** What sticks out past the right edge, to say which element made the page scroll sideways. */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.right <= width + 0.5 || rect.width === 0) continue;
      // Report the outermost offender only: its children overflow with it.
      const parent = element.parentElement;
      if (parent && parent.getBoundingClientRect().right > width + 0.5) continue;
      // What a scroller of its own holds (a wide table's wrapper) does not widen the page.
      let clipped = false;
      for (let ancestor = parent; ancestor && !clipped; ancestor = ancestor.parentElement) {
        clipped = getComputedStyle(ancestor).overflowX !== 'visible';
      }
      if (clipped) continue;
      const classes =
        element.className && typeof element.className === 'string'
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : '';
      found.push(`${element.tagName.toLowerCase()}${classes} (right edge ${Math.round(rect.right)}px)`);
    }
    return found.slice(0, 5);
  });
}

/** The page is no wider than the window: nothing makes it scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, screen: string, { soft = false } = {}) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  const check = soft ? expect.soft : expect;
  check(
    widths.scroll,
    `${screen} scrolls sideways at ${widths.client} px: ${(await overflowingElements(page)).join(', ')}`,
  ).toBeLessThanOrEqual(widths.client);
}

/** The element lies wholly within the window's width, where a person sees it without scrolling sideways. */
export async function expectInViewHorizontally(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const width = await locator.page().evaluate(() => document.documentElement.clientWidth);
  expect(box, `${what} is not shown`).not.toBeNull();
  expect(box!.x, `${what} starts left of the window`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends right of the window (${width} px)`).toBeLessThanOrEqual(width);
}

/**
 * Text cut short (an ellipsis, a clamp to some lines) whose full text is nowhere to hover: neither
 * its own title, an ancestor's nor a descendant's (a clamped heading's link) holds it.
 */
export function truncatedTextWithoutTitle(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(element);
      const truncates = style.textOverflow === 'ellipsis' || (style.webkitLineClamp || 'none') !== 'none';
      if (!truncates) continue;
      const text = element.textContent?.trim() ?? '';
      if (!text) continue;
      const cut =
        element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
      if (!cut) continue;
      const titled = element.closest<HTMLElement>('[title]') ?? element.querySelector<HTMLElement>('[title]');
      if (titled?.title.trim() === text) continue;
      found.push(`${element.tagName.toLowerCase()}.${String(element.className)}: ${text.slice(0, 60)}`);
    }
    return found;
  });
}

/**
 * Every button, dropdown and checkbox in scope (a table, some of its rows) lies within the window's
 * width. Those the page does not render at this width (display: none, such as a table's sort buttons
 * on a phone, where its headers are not shown) are nobody's to reach, and are left out.
 */
export async function expectControlsInView(scope: Locator, what: string, atLeast: number) {
  const controls = scope.locator('button:visible, select:visible, input[type="checkbox"]:visible');
  const count = await controls.count();
  expect(count, `${what}: its row actions`).toBeGreaterThanOrEqual(atLeast);
  for (let index = 0; index < count; index += 1) {
    const control = controls.nth(index);
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent());
    await expectInViewHorizontally(control, `${what}: ${name}`);
  }
}
