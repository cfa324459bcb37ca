import { describe, expect, it } from 'vitest';
import { largestPackPrint, MASTER_MIN_PIXELS, masterPrintLabel, masterTooSmall } from './master-print-reach';

describe('masterPrintLabel', () => {
  it.each([
    // 2:3 uses the whole 78 MP master: 24 × 36 in is the largest of every ratio's largest size.
    [7200, 10800, '7200 × 10800 px — up to 24 × 36 in at 300 DPI'],
    // Landscape: the crops take the master's way up; sizes are named short side first.
    [10800, 7200, '10800 × 7200 px — up to 24 × 36 in at 300 DPI'],
    // 120 MP: still 24 × 36 in, the largest standard size there is.
    [8944, 13416, '8944 × 13416 px — up to 24 × 36 in at 300 DPI'],
    // A square master: a 4:5 crop of it (3000 × 3750 px) fills 8 × 10 in, more than any other crop.
    [3000, 3000, '3000 × 3000 px — up to 8 × 10 in at 300 DPI'],
    // A 4:5 master: 16 × 20 in from the whole, more than 12 × 18 in from its 2:3 crop.
    [4800, 6000, '4800 × 6000 px — up to 16 × 20 in at 300 DPI'],
    // The least master taken fills only 4 × 5 in at 300 DPI.
    [1200, 1500, '1200 × 1500 px — up to 4 × 5 in at 300 DPI'],
    // Smaller than any standard size: its own inches.
    [1000, 1400, '1000 × 1400 px — 3.3 × 4.7 in at 300 DPI'],
  ])('%i × %i px: %s', (width, height, label) => {
    expect(masterPrintLabel({ width, height })).toBe(label);
  });

  it('takes the largest size by area across ratios, not the first ratio that fills one', () => {
    // 6000 × 7800 px: 2:3 crop 5200 × 7800 → 16 × 24 in (384 sq in); ISO A crop 5515 × 7800 → A2 (387);
    // 4:5 crop 6000 × 7500 → 16 × 20 in (320); 3:4 crop 5850 × 7800 → 18 × 24 in (432): the largest.
    expect(largestPackPrint({ width: 6000, height: 7800 })?.name).toBe('18 × 24 in');
  });
});

describe('masterTooSmall', () => {
  it.each([
    [1200, 1500],
    [1500, 1200],
    [1200, 100_000],
    [7200, 10800],
  ])('takes %i × %i px', (width, height) => {
    expect(masterTooSmall({ width, height })).toBeUndefined();
  });

  it.each([
    [1199, 1500],
    [1200, 1499],
    [1500, 1199],
    [1300, 1300],
    [1000, 1400],
  ])('refuses %i × %i px, saying why', (width, height) => {
    expect(masterTooSmall({ width, height })).toMatch(
      new RegExp(
        `^${width} × ${height} px can print at most .+ at 150 DPI; a master must print 8 × 10 in at 150 DPI \\(1200 × 1500 px\\) at least\\.$`,
      ),
    );
  });

  it('names what a small master does print at 150 DPI', () => {
    // 1000 × 1400 px: A5 from its ISO A crop (874 × 1240 px at 150 DPI) is the largest it fills.
    expect(masterTooSmall({ width: 1000, height: 1400 })).toBe(
      '1000 × 1400 px can print at most A5 at 150 DPI; a master must print 8 × 10 in at 150 DPI (1200 × 1500 px) at least.',
    );
    expect(masterTooSmall({ width: 40, height: 30 })).toMatch(/^40 × 30 px can print at most 0\.3 × 0\.2 in at 150/);
  });

  it('is 8 × 10 in at 150 DPI', () => {
    expect(MASTER_MIN_PIXELS).toEqual({ short: 1200, long: 1500 });
  });
});
