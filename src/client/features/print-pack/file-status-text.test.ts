import { describe, expect, it } from 'vitest';
import { fileStatusText } from './file-status-text';

const file = { status: 'ready' as const, error: null, width: 4800, height: 6000 };

describe("a print file's status in the owner's words", () => {
  it('says what a ready file prints at', () => {
    expect(fileStatusText(file)).toBe('Ready: 4800 × 6000 px — up to 16 × 20 in at 300 DPI');
    expect(fileStatusText({ ...file, width: null, height: null })).toBe('Ready');
  });

  it('names the waiting, the making and the failure', () => {
    expect(fileStatusText({ ...file, status: 'queued' })).toBe('Queued');
    expect(fileStatusText({ ...file, status: 'making' })).toBe('Making');
    expect(fileStatusText({ ...file, status: 'failed', error: 'The master could not be read' })).toBe(
      'Failed: The master could not be read',
    );
    expect(fileStatusText({ ...file, status: 'failed' })).toBe('Failed');
    expect(fileStatusText(null)).toBe('Not in this pack');
  });
});
