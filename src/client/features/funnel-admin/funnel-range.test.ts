import { describe, expect, it } from 'vitest';
import { lastDays, rangeProblem } from './funnel-range';

describe('the funnel page’s range', () => {
  it('offers the last days with today included', () => {
    expect(lastDays(7, new Date('2026-11-28T23:30:00Z'))).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(lastDays(1, new Date('2026-03-01T00:00:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });

  it('names the field to fix', () => {
    expect(rangeProblem('2026-11-01', '2026-11-28')).toBeNull();
    expect(rangeProblem('', '2026-11-28')?.field).toBe('from');
    expect(rangeProblem('2026-11-01', '2026-02-30')?.field).toBe('to');
    expect(rangeProblem('2026-11-28', '2026-11-01')).toEqual({
      field: 'to',
      message: 'The last day must be on or after the first.',
    });
    expect(rangeProblem('2025-01-01', '2026-01-01')).toBeNull();
    expect(rangeProblem('2025-01-01', '2026-01-02')?.field).toBe('to');
  });
});
