// The built-in rate table: the standard VAT rate each country charges a consumer for electronically supplied
// services (a downloadable image is one), in basis points (1900 = 19 %). Used with either payment provider unless
// Stripe Tax decides (STRIPE_TAX=true).
//
// Source: the European Commission's "VAT rates applied in the Member States of the European Union"
// (taxation_customs.ec.europa.eu), for the standard rates in force on 1 August 2025 — after Finland's rise to 25.5 %
// (1 September 2024), Slovakia's to 23 % (1 January 2025), Estonia's to 24 % (1 July 2025) and Romania's to 21 %
// (1 August 2025) — with the United Kingdom (HMRC, 20 %) and Norway (Skatteetaten, 25 %). Checked 2026-11-26.
// A rate that changes later is a change to this table (and to its date above); the owner files the returns and
// must check the rates they charge.

export const VAT_RATES_DATE = '2025-08-01';

export const STANDARD_VAT_RATES_BP: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  HR: 2500,
  CY: 1900,
  CZ: 2100,
  DK: 2500,
  EE: 2400,
  FI: 2550,
  FR: 2000,
  DE: 1900,
  GR: 2400,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LV: 2100,
  LT: 2100,
  LU: 1700,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SK: 2300,
  SI: 2200,
  ES: 2100,
  SE: 2500,
  GB: 2000,
  NO: 2500,
};
