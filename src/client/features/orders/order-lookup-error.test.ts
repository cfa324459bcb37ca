import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { lookupErrorText } from './order-lookup-error';

describe("the orders test's failure text", () => {
  it("quotes the server's status and message", () => {
    expect(lookupErrorText(new ApiError(403, 'You can only see your own orders.'))).toBe(
      'Failed to load orders: HTTP 403: You can only see your own orders.',
    );
  });

  it("says 'Unknown error' for anything that is not an answer", () => {
    expect(lookupErrorText(new TypeError('Failed to fetch'))).toBe('Failed to load orders: Unknown error');
    expect(lookupErrorText('boom')).toBe('Failed to load orders: Unknown error');
  });
});
