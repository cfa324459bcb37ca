import { describe, expect, it } from 'vitest';
import { fileSizeText } from './file-size-text';

describe('file size text', () => {
  it('says megabytes, with a decimal only below 10 MB', () => {
    expect(fileSizeText(29_822_292)).toBe('28 MB');
    expect(fileSizeText(187_179_345)).toBe('179 MB');
    expect(fileSizeText(400_000)).toBe('0.4 MB');
    expect(fileSizeText(9.94 * 1024 * 1024)).toBe('9.9 MB');
  });
});
