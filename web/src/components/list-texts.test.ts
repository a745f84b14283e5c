import { describe, expect, it } from 'vitest';
import { showingText } from './list-footer';
import { listAnnouncement } from './use-searchable-list';

const HARDWARE = ['hardware asset', 'hardware assets'] as const;

/** A searchable list as its announcement reads it: a search that found `rows` rows by default. */
function view(
  state: Partial<{ pending: boolean; filtered: boolean; searching: boolean; idle: boolean }> & {
    rows?: number;
    hasNextPage?: boolean;
  },
) {
  return {
    pending: false,
    filtered: true,
    searching: false,
    idle: true,
    ...state,
    items: Array.from({ length: state.rows ?? 0 }, (_, index) => ({ id: String(index) })),
    list: { hasNextPage: state.hasNextPage ?? false },
  };
}

describe('the list footer', () => {
  it('says how many rows are shown, of how many when the list counts them', () => {
    expect(showingText(24, { count: 1234, exact: true }, HARDWARE, true)).toBe(
      'Showing 24 of 1,234 hardware assets',
    );
    expect(showingText(24, { count: 37, exact: false }, HARDWARE, true)).toBe(
      'Showing 24 of at least 37 hardware assets',
    );
    expect(showingText(24, null, ['disposal item', 'disposal items'], true)).toBe(
      'Showing 24 disposal items (more available)',
    );
    expect(showingText(3, null, ['disposal item', 'disposal items'], false)).toBe('Showing 3 disposal items');
    expect(showingText(0, null, HARDWARE, false)).toBeNull();
  });
});

describe("the list's live announcement", () => {
  it('says it is loading, then searching', () => {
    expect(listAnnouncement(view({ pending: true, filtered: false }), 'Loading hardware…', null)).toBe(
      'Loading hardware…',
    );
    expect(listAnnouncement(view({ pending: true }), 'Loading hardware…', null)).toBe('Searching…');
    expect(listAnnouncement(view({ searching: true, idle: false }), 'Loading hardware…', null)).toBe(
      'Searching…',
    );
  });

  it("counts a search's results: exactly, at least, or the loaded rows with more available", () => {
    expect(listAnnouncement(view({ rows: 24 }), '', { count: 1, exact: true })).toBe('1 result');
    expect(listAnnouncement(view({ rows: 24 }), '', { count: 37, exact: false })).toBe('At least 37 results');
    expect(listAnnouncement(view({ rows: 24, hasNextPage: true }), '', null)).toBe(
      '24 results, more available',
    );
    expect(listAnnouncement(view({ rows: 0 }), '', null)).toBe('0 results');
  });

  it('says nothing of an unfiltered list, nor while rows are still coming', () => {
    expect(listAnnouncement(view({ filtered: false, rows: 24 }), '', null)).toBe('');
    expect(listAnnouncement(view({ idle: false, rows: 3 }), '', null)).toBe('');
  });
});
