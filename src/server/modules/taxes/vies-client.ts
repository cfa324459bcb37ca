// The EU's VIES check, through its REST API: is this VAT number registered for trade across borders today?
//   POST {base}/check-vat-number  {"countryCode":"DE","vatNumber":"136695976"}
//   → 200 {"countryCode","vatNumber","requestDate","valid":true|false,"requestIdentifier","name","address",…}
//   → {"actionSucceed":false,"errorWrappers":[{"error":"MS_UNAVAILABLE","message":…}]}, with 200, 400 or 500:
//     a member state's register down (MS_UNAVAILABLE, TIMEOUT), too busy (MS_MAX_CONCURRENT_REQ,
//     GLOBAL_MAX_CONCURRENT_REQ…), VIES itself down (SERVICE_UNAVAILABLE), or a number it cannot read (INVALID_INPUT).
// The real base is https://ec.europa.eu/taxation_customs/vies/rest-api. Member states that do not disclose a trader
// answer '---' for the name and the address.
//
// The answer never throws: VIES is often down for one country or another, and the checkout must go on without it.

export type ViesAnswer =
  | { status: 'valid'; name: string | null; address: string | null; checkedAt: string }
  | { status: 'invalid' }
  | { status: 'unavailable'; reason: string };

export interface ViesNumber {
  /** VIES's country code: 'DE'; 'EL' for Greece. */
  country: string;
  /** The number without its country prefix. */
  localNumber: string;
}

export const DEFAULT_VIES_TIMEOUT_MS = 6000;

export async function checkWithVies(
  viesUrl: string,
  number: ViesNumber,
  options: { timeoutMs?: number } = {},
): Promise<ViesAnswer> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_VIES_TIMEOUT_MS;
  let response: Response;
  let body: unknown;
  try {
    // The base has a path of its own: new URL('check-vat-number', base) would drop its last segment.
    response = await fetch(`${viesUrl.replace(/\/+$/, '')}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode: number.country, vatNumber: number.localNumber }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    try {
      body = JSON.parse(text);
    } catch {
      return unavailable(`VIES answered ${response.status} with no JSON`);
    }
  } catch (error) {
    // AbortSignal.timeout rejects with a DOMException named TimeoutError.
    const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
    return unavailable(
      timedOut ? `VIES did not answer within ${timeoutMs} ms` : `VIES could not be reached (${cause(error)})`,
    );
  }
  return readAnswer(response.status, body);
}

function readAnswer(status: number, body: unknown): ViesAnswer {
  if (!isRecord(body)) return unavailable(`VIES answered ${status} with no object`);
  const errors = errorCodes(body);
  if (errors.length > 0) {
    // VIES could not read the number: it is not one it knows, and asking again will not change that.
    if (errors.includes('INVALID_INPUT')) return { status: 'invalid' };
    return unavailable(`VIES answered ${errors.join(', ')}`);
  }
  if (status !== 200) return unavailable(`VIES answered ${status}`);
  if (body.valid === false) return { status: 'invalid' };
  if (body.valid !== true) return unavailable('VIES answered without saying whether the number is valid');
  return {
    status: 'valid',
    name: disclosed(body.name),
    address: disclosed(body.address),
    checkedAt: checkedAt(body.requestDate),
  };
}

function errorCodes(body: Record<string, unknown>): string[] {
  const wrappers = body.errorWrappers;
  if (!Array.isArray(wrappers) || wrappers.length === 0) {
    return body.actionSucceed === false ? ['an unnamed error'] : [];
  }
  return wrappers.map((wrapper) =>
    isRecord(wrapper) && typeof wrapper.error === 'string' ? wrapper.error : 'an unnamed error',
  );
}

/** A name or an address, or null where the member state keeps it to itself ('---') or sends none. */
function disclosed(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' || /^-+$/.test(text) ? null : text;
}

/** VIES's own date of the check, as proof of when it was made; the time of answer when it sent none. */
function checkedAt(requestDate: unknown): string {
  const date = typeof requestDate === 'string' ? new Date(requestDate) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : new Date().toISOString();
}

function unavailable(reason: string): ViesAnswer {
  return { status: 'unavailable', reason };
}

function cause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch's own message is only 'fetch failed': the socket's error is in its cause.
  const inner = error.cause instanceof Error ? error.cause : null;
  return inner ? ((inner as NodeJS.ErrnoException).code ?? inner.message) : error.message;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
