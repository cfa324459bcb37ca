import { describe, expect, it } from 'vitest';
import { initialForm, readLength, settingsOf, switchUnit } from './gallery-settings';

describe("the planner's form", () => {
  it('starts centred at 57 in with a 2 in gap and hooks 2 in down, and carries them over to centimetres', () => {
    const inches = initialForm();
    expect(settingsOf(inches)).toMatchObject({ unit: 'in', gap: 2, centreHeight: 57, hookDrop: 2, layout: 'row' });
    const cm = switchUnit(inches, 'cm');
    // 57 in is 144.78 cm, shown to the nearest 0.5 cm; 2 in is 5.08 cm.
    expect(cm.lengths).toEqual({ gap: '5', centreHeight: '145', hookDrop: '5' });
    // And back: 145 cm is 57.09 in, to the nearest 1/8 in.
    expect(switchUnit(cm, 'in').lengths).toEqual({ gap: '2', centreHeight: '57.125', hookDrop: '2' });
  });

  it('names a length out of its limits, and draws it at the nearest limit meanwhile', () => {
    const form = { ...initialForm('cm'), lengths: { gap: '31', centreHeight: '', hookDrop: '4.5' } };
    expect(readLength(form, 'gap')).toEqual({ problem: 'Gap must be between 0 and 30 cm.' });
    expect(readLength(form, 'centreHeight')).toEqual({ problem: 'Centre height must be between 90 and 215 cm.' });
    expect(readLength(form, 'hookDrop')).toEqual({ value: 4.5 });
    expect(settingsOf(form)).toMatchObject({ gap: 30, centreHeight: 145, hookDrop: 4.5 });
    // A length that does not read is replaced by the new unit's default when the unit changes.
    expect(switchUnit(form, 'in').lengths).toEqual({ gap: '2', centreHeight: '57', hookDrop: '1.75' });
  });
});
