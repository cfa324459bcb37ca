// A business buyer's VAT number, checked offline: its country, its format and its check digits. Whether the number
// is registered is another question (vies-client.ts, for the EU).
//
// Library: stdnum (koblas/stdnum-js, MIT, no dependencies). Of the candidates it is the one still maintained:
// releases every few months through 2026 (1.12.0 in August), fixes merged the same month as reported, and it covers
// all 27 member states with their check digits, the UK's mod-97 check in both its old and its "mod 9755" form, and
// Norway's organisation number. jsvat has had no code change since 2021 (only a disclaimer since), jsvat-next (its fork)
// none since April 2024, and validate-vat-ts (2022) only asks VIES, with no check digits.
import { euVat, stdnum, type Validator } from 'stdnum';

export type VatNumberScheme = 'eu' | 'gb' | 'no';

export type VatNumberCheck =
  | {
      ok: true;
      scheme: VatNumberScheme;
      /** ISO 3166 alpha-2: 'GR' for a Greek 'EL' number. */
      country: string;
      /** Upper case, nothing but letters and digits, with the prefix printed on invoices: 'EL094259216', 'NO995525828MVA'. */
      normalized: string;
      /** `normalized` without its country prefix: what VIES takes as `vatNumber`. */
      localNumber: string;
    }
  | { ok: false; problem: string };

export const VAT_NUMBER_PROBLEMS = {
  needsCountryCode: 'Enter a VAT number starting with its country code, such as DE123456789.',
  notValidFor: (country: string) => `This is not a valid VAT number for ${vatCountryName(country)}.`,
  // A Swiss or US number may well be real, but no registration of the store can use it.
  notUsedFrom: (country: string) =>
    `A VAT number from ${vatCountryName(country)} does not change the VAT here: leave the field empty.`,
  // Northern Ireland's XI numbers are for goods; for services such as downloads its businesses use the GB number.
  northernIreland: 'For a business in Northern Ireland, enter its VAT number with GB in front, such as GB123456789.',
} as const;

// The member states by their ISO code, each with the prefix its VAT numbers carry: only Greece's differs.
const EU_PREFIXES: Readonly<Record<string, string>> = Object.fromEntries(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'
    .split(' ')
    .map((country) => [country, country === 'GR' ? 'EL' : country]),
);

// Longer than any VAT number, even with spaces: a paste of something else is not worth reading on.
const MAX_INPUT_LENGTH = 40;

export function checkVatNumberFormat(raw: string): VatNumberCheck {
  const cleaned = clean(raw);
  if (cleaned === null) return { ok: false, problem: VAT_NUMBER_PROBLEMS.needsCountryCode };

  // Norwegians often write the number bare with its suffix ('995525828MVA'): the suffix names the country.
  if (/^\d{9}MVA$/.test(cleaned)) return checkNorwegian(cleaned);

  const prefix = cleaned.slice(0, 2);
  if (!/^[A-Z]{2}$/.test(prefix)) return { ok: false, problem: VAT_NUMBER_PROBLEMS.needsCountryCode };
  const rest = cleaned.slice(2);

  if (prefix === 'GB') return checkBritish(rest);
  if (prefix === 'NO') return checkNorwegian(rest);
  // Greek numbers are printed 'EL'; buyers also type their ISO code.
  const country = prefix === 'EL' ? 'GR' : prefix;
  if (EU_PREFIXES[country] !== undefined) return checkEuropean(country, rest);
  if (prefix === 'XI') return { ok: false, problem: VAT_NUMBER_PROBLEMS.northernIreland };
  return knownCountry(prefix)
    ? { ok: false, problem: VAT_NUMBER_PROBLEMS.notUsedFrom(prefix) }
    : { ok: false, problem: VAT_NUMBER_PROBLEMS.needsCountryCode };
}

/** Upper case without spaces, dots and dashes; null for what is not a string of a VAT number's length. */
function clean(raw: string): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_INPUT_LENGTH) return null;
  // NFKC turns full-width letters and digits (a paste from a Japanese or Chinese keyboard) into plain ones.
  return raw
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s.\p{Pd}]/gu, '');
}

function checkEuropean(country: string, rest: string): VatNumberCheck {
  const validator = euVat[country]?.[0];
  // The library's own clean-up would also drop slashes, commas and brackets: only what clean() drops is accepted.
  const compact = validator && /^[A-Z0-9]+$/.test(rest) ? validLocalNumber(validator, rest) : null;
  if (compact === null) return { ok: false, problem: VAT_NUMBER_PROBLEMS.notValidFor(country) };
  const prefix = EU_PREFIXES[country]!;
  return { ok: true, scheme: 'eu', country, normalized: prefix + compact, localNumber: compact };
}

// HMRC's forms: 9 digits, 12 for a branch (the 9 and a 3-digit branch number), and GD + 3 digits for a government
// department or HA + 3 for a health authority. stdnum checks the 9 digits with both of HMRC's mod-97 sums (the
// weighted sum is 0 mod 97 in the old series, 42 in the "mod 9755" one) and the GD/HA number ranges.
const BRITISH_FORMS = /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/;

function checkBritish(rest: string): VatNumberCheck {
  const compact = BRITISH_FORMS.test(rest) ? validLocalNumber(stdnum.GB!.vat!, rest) : null;
  if (compact === null) return { ok: false, problem: VAT_NUMBER_PROBLEMS.notValidFor('GB') };
  return { ok: true, scheme: 'gb', country: 'GB', normalized: `GB${compact}`, localNumber: compact };
}

// The organisation number (9 digits, the last a mod-11 check digit under the weights 3 2 7 6 5 4 3 2); the VAT
// register writes it 'NO' + number + 'MVA' (merverdiavgift).
function checkNorwegian(rest: string): VatNumberCheck {
  const digits = rest.endsWith('MVA') ? rest.slice(0, -3) : rest;
  const number = /^\d{9}$/.test(digits) ? validLocalNumber(stdnum.NO!.orgnr!, digits) : null;
  if (number === null) return { ok: false, problem: VAT_NUMBER_PROBLEMS.notValidFor('NO') };
  const localNumber = `${number}MVA`;
  return { ok: true, scheme: 'no', country: 'NO', normalized: `NO${localNumber}`, localNumber };
}

/** The library's compact form of a valid number, null for an invalid one; a library fault counts as invalid. */
function validLocalNumber(validator: Validator, value: string): string | null {
  try {
    const result = validator.validate(value);
    return result.isValid && /^[A-Z0-9]+$/.test(result.compact) ? result.compact : null;
  } catch {
    return null;
  }
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
// English puts an article before these.
const WITH_THE = new Set(['GB', 'NL', 'US', 'AE']);
// Codes Intl names that are no country: 'EU' starts the numbers of the EU's non-Union scheme, for sellers.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO']);

/** The country's English name as it reads inside a sentence: 'Germany', 'the United Kingdom'. */
export function vatCountryName(country: string): string {
  const name = knownCountry(country) ? regionNames.of(country)! : country;
  return WITH_THE.has(country) ? `the ${name}` : name;
}

function knownCountry(code: string): boolean {
  if (NOT_COUNTRIES.has(code)) return false;
  try {
    return regionNames.of(code) !== undefined;
  } catch {
    return false;
  }
}
