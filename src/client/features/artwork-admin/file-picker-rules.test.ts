import { describe, expect, it } from 'vitest';
import { PICKER_MESSAGES, pickFiles } from './file-picker-rules';

const file = (name: string, size = 1000, type = 'image/png') => ({ name, size, type });
const MB = 1024 * 1024;

describe('file picker rules', () => {
  it('accepts files with a name, an extension, a size and a type', () => {
    expect(pickFiles([], [file('a.png'), file('b.jpg')], 11, 100 * MB)).toEqual({
      accepted: [file('a.png'), file('b.jpg')],
      message: null,
    });
  });

  it('refuses a file without an extension, saying its name is invalid', () => {
    expect(pickFiles([], [file('README')], 1, MB)).toEqual({ accepted: [], message: PICKER_MESSAGES.invalidName });
    expect(pickFiles([], [], 1, MB).message).toBe('No valid files selected. Please drag files from your computer.');
    expect(pickFiles([], [file('a'), file('b')], 3, MB).message).toBe(PICKER_MESSAGES.noValidFiles);
  });

  it('adds up to the limit and says how many were left out', () => {
    const current = Array.from({ length: 9 }, (_, i) => file(`${i}.png`));
    const result = pickFiles(current, [file('x.png'), file('y.png'), file('z.png'), file('w.png')], 11, MB);
    expect(result.accepted.map((f) => f.name)).toEqual(['x.png', 'y.png']);
    expect(result.message).toBe('Added 2 files. 2 files were not added due to the 11 file limit.');
    expect(pickFiles([file('p.png')], [file('q.png')], 1, MB).message).toBe(
      'Maximum 1 files allowed. Please remove some files first.',
    );
  });

  it('enforces the size limit it displays', () => {
    const result = pickFiles([], [file('huge.png', 11 * MB), file('ok.png')], 11, 10 * MB);
    expect(result.accepted.map((f) => f.name)).toEqual(['ok.png']);
    expect(result.message).toBe('huge.png is larger than 10 MB.');
  });
});
