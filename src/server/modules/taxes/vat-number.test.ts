import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkVatNumberFormat, VAT_NUMBER_PROBLEMS, vatCountryName } from './vat-number';

// Published valid numbers, one or more per member state (most from python-stdnum's and stdnum-js's test data, which
// take them from the tax offices' examples and companies' own invoices), as [normalized, country].
const VALID_EU: Array<[string, string]> = [
  ['ATU13585627', 'AT'],
  ['BE0403019261', 'BE'],
  ['BG175074752', 'BG'],
  ['CY10259033P', 'CY'],
  ['CZ25123891', 'CZ'],
  ['DE136695976', 'DE'],
  ['DK13585628', 'DK'],
  ['EE100931558', 'EE'],
  ['EL094259216', 'GR'],
  ['ESB58378431', 'ES'],
  ['FI20774740', 'FI'],
  ['FR40303265045', 'FR'],
  ['HR33392005961', 'HR'],
  ['HU12892312', 'HU'],
  ['IE6433435F', 'IE'],
  ['IE6433435OA', 'IE'],
  ['IT00743110157', 'IT'],
  ['LT119511515', 'LT'],
  ['LU15027442', 'LU'],
  ['LV40003521600', 'LV'],
  ['MT11679112', 'MT'],
  ['NL004495445B01', 'NL'],
  ['PL8567346215', 'PL'],
  ['PT501964843', 'PT'],
  ['RO18547290', 'RO'],
  ['SE123456789701', 'SE'],
  ['SI50223054', 'SI'],
  ['SK2022749619', 'SK'],
];

// One check digit changed in a valid number, and the country the buyer is told of.
const WRONG_CHECK_DIGIT: Array<[string, string]> = [
  ['DE136695978', 'Germany'],
  ['FR40303265046', 'France'],
  ['IT00743110158', 'Italy'],
  ['NL004495446B01', 'the Netherlands'],
  ['ESB58378432', 'Spain'],
  ['ATU13585626', 'Austria'],
  ['BE0403019262', 'Belgium'],
  ['PL8567346216', 'Poland'],
  ['EL094259217', 'Greece'],
  ['GR094259217', 'Greece'],
  ['IE6433435E', 'Ireland'],
  ['CZ25123890', 'Czechia'],
  ['PT501964842', 'Portugal'],
  ['SE123456789101', 'Sweden'],
  ['GB980780685', 'the United Kingdom'],
  ['GB340804328', 'the United Kingdom'],
  ['NO995525829MVA', 'Norway'],
  ['NO923609017', 'Norway'],
];

describe('checkVatNumberFormat', () => {
  it.each(VALID_EU)('accepts %s from %s', (number, country) => {
    const check = checkVatNumberFormat(number);
    expect(check).toEqual({
      ok: true,
      scheme: 'eu',
      country,
      normalized: number,
      localNumber: number.slice(2),
    });
  });

  it('covers every member state', () => {
    expect(new Set(VALID_EU.map(([, country]) => country)).size).toBe(27);
  });

  it.each(WRONG_CHECK_DIGIT)('refuses %s, naming %s', (number, countryName) => {
    expect(checkVatNumberFormat(number)).toEqual({
      ok: false,
      problem: `This is not a valid VAT number for ${countryName}.`,
    });
  });

  it.each([
    ['de 136.695-976', 'DE136695976', '136695976'],
    ['  De 136 695 976  ', 'DE136695976', '136695976'],
    ['atu 135 856 27', 'ATU13585627', 'U13585627'],
    ['nl4495445b01', 'NL004495445B01', '004495445B01'],
    ['BE 428759497', 'BE0428759497', '0428759497'],
    ['FR 40 303 265 045', 'FR40303265045', '40303265045'],
    ['ＤＥ１３６６９５９７６', 'DE136695976', '136695976'],
    ['DE\u00a0136\u2013695\u2013976', 'DE136695976', '136695976'],
  ])('reads %j as %s', (raw, normalized, localNumber) => {
    expect(checkVatNumberFormat(raw)).toMatchObject({ ok: true, normalized, localNumber });
  });

  it.each(['EL094259216', 'GR094259216', 'el 094 259 216', 'gr-094-259-216'])(
    'prints %s the Greek way, EL, with GR as its country',
    (raw) => {
      expect(checkVatNumberFormat(raw)).toEqual({
        ok: true,
        scheme: 'eu',
        country: 'GR',
        normalized: 'EL094259216',
        localNumber: '094259216',
      });
    },
  );

  it.each([
    // The old series (weighted sum 0 mod 97) and the "mod 9755" one (42 mod 97).
    ['GB980780684', 'GB980780684', '980780684'],
    ['GB 340 8043 29', 'GB340804329', '340804329'],
    ['gb980780684001', 'GB980780684001', '980780684001'],
    ['GBGD001', 'GBGD001', 'GD001'],
    ['GB HA 500', 'GBHA500', 'HA500'],
  ])('accepts the British %s', (raw, normalized, localNumber) => {
    expect(checkVatNumberFormat(raw)).toEqual({ ok: true, scheme: 'gb', country: 'GB', normalized, localNumber });
  });

  it.each(['GB98078068', 'GB9807806840', 'GBGD500', 'GBHA499', 'GBGD0001', 'GB980780685001', 'GBXX123'])(
    'refuses the British %s',
    (raw) => {
      expect(checkVatNumberFormat(raw)).toEqual({ ok: false, problem: VAT_NUMBER_PROBLEMS.notValidFor('GB') });
    },
  );

  it.each(['NO995525828MVA', 'NO 995 525 828 MVA', 'no995525828', '995525828MVA', '995 525 828 mva'])(
    'accepts the Norwegian %s',
    (raw) => {
      expect(checkVatNumberFormat(raw)).toEqual({
        ok: true,
        scheme: 'no',
        country: 'NO',
        normalized: 'NO995525828MVA',
        localNumber: '995525828MVA',
      });
    },
  );

  it.each(['NO923609016', 'NO974760673MVA', 'NO988077917'])('accepts the Norwegian organisation %s', (raw) => {
    expect(checkVatNumberFormat(raw)).toMatchObject({ ok: true, scheme: 'no' });
  });

  it.each(['NO99552582MVA', 'NO9955258280MVA', 'NOMVA', 'NO995525828MV'])('refuses the Norwegian %s', (raw) => {
    expect(checkVatNumberFormat(raw)).toEqual({ ok: false, problem: VAT_NUMBER_PROBLEMS.notValidFor('NO') });
  });

  it.each(['136695976', '995525828', '12', 'AB123456789', 'EU372000041', '', '   ', '💩', 'x'.repeat(41)])(
    'asks for the country code in %j',
    (raw) => {
      expect(checkVatNumberFormat(raw)).toEqual({ ok: false, problem: VAT_NUMBER_PROBLEMS.needsCountryCode });
    },
  );

  it.each(['DE 136/695/976', 'DE(136695976)', 'DE136695976!'])('refuses the stray signs in %j', (raw) => {
    expect(checkVatNumberFormat(raw)).toEqual({ ok: false, problem: VAT_NUMBER_PROBLEMS.notValidFor('DE') });
  });

  it('tells a Swiss or American buyer their number does not count here', () => {
    expect(checkVatNumberFormat('CHE-123.456.788 MWST')).toEqual({
      ok: false,
      problem: 'A VAT number from Switzerland does not change the VAT here: leave the field empty.',
    });
    expect(checkVatNumberFormat('US 12-3456789')).toEqual({
      ok: false,
      problem: 'A VAT number from the United States does not change the VAT here: leave the field empty.',
    });
  });

  it('sends a Northern Irish buyer to their GB number', () => {
    expect(checkVatNumberFormat('XI980780684')).toEqual({ ok: false, problem: VAT_NUMBER_PROBLEMS.northernIreland });
  });

  it('never throws, and what it accepts is letters and digits behind a known prefix', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.stringMatching(/^[A-Z]{2}[0-9 .-]{5,14}$/)),
        (raw) => {
          const check = checkVatNumberFormat(raw);
          if (check.ok) {
            expect(check.normalized).toMatch(
              /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|GB|NO)[A-Z0-9]+$/,
            );
            expect(check.normalized.endsWith(check.localNumber)).toBe(true);
          } else {
            expect(check.problem).toMatch(/^[A-Z].*\.$/);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('survives what is not a string at all', () => {
    expect(checkVatNumberFormat(42 as unknown as string)).toEqual({
      ok: false,
      problem: VAT_NUMBER_PROBLEMS.needsCountryCode,
    });
  });
});

describe('vatCountryName', () => {
  it.each([
    ['DE', 'Germany'],
    ['GR', 'Greece'],
    ['GB', 'the United Kingdom'],
    ['NL', 'the Netherlands'],
    ['NO', 'Norway'],
  ])('names %s %s', (code, name) => {
    expect(vatCountryName(code)).toBe(name);
  });
});
