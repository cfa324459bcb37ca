import { describe, expect, it } from 'vitest';
import { formatByteSize } from './byte-size';

describe('formatByteSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [999, '999 bytes'],
    [1000, '1 kB'],
    [18_432_123, '18.4 MB'],
    [2_345_678_901, '2.35 GB'],
  ])('%i → %s', (bytes, text) => {
    expect(formatByteSize(bytes)).toBe(text);
  });
});
