import { describe, expect, it } from 'vitest';
import { orderSearchParams, pageCount, readOrderFilters } from './order-filters';

describe("the owner's order filters in the address", () => {
  it('reads search, state and page, and falls back to all orders on the first page', () => {
    expect(readOrderFilters(new URLSearchParams('q=%20nora%40example.test%20&status=refunded&page=3'))).toEqual({
      q: 'nora@example.test',
      status: 'refunded',
      page: 3,
    });
    expect(readOrderFilters(new URLSearchParams('status=lost&page=-2'))).toEqual({ q: '', status: 'all', page: 1 });
    expect(readOrderFilters(new URLSearchParams('page=1.5'))).toEqual({ q: '', status: 'all', page: 1 });
  });

  it('writes only what differs from the defaults', () => {
    expect(orderSearchParams({ q: '', status: 'all', page: 1 }).toString()).toBe('');
    expect(orderSearchParams({ q: 'WA-ABC', status: 'partially_refunded', page: 2 }).toString()).toBe(
      'q=WA-ABC&status=partially_refunded&page=2',
    );
  });

  it('counts at least one page', () => {
    expect([pageCount(0, 25), pageCount(25, 25), pageCount(26, 25)]).toEqual([1, 1, 2]);
  });
});
