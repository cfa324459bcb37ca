import type { ErrorBody } from '../../shared/store/api-error-schema';

/** An answer from the API that was not a success: the server's message, its status and any field details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
  }
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (url, init) => fetch(url, init);

/** The server renderer answers API calls in-process instead of over the network. */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/**
 * Fetches JSON from our own API. The answer's type comes from the shared schemas at compile time; it is not
 * checked again here, because the server already validates every response against those schemas before
 * sending it, and checking twice would put the whole validation library into every page's first download.
 */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await transport(url, { ...init, headers: { accept: 'application/json', ...init?.headers } });
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw apiErrorFrom(response.status, response.statusText, body);
  return body as T;
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
}

/**
 * The one reading of a failed answer, whichever way it was sent (fetch, or XHR for upload progress). `body` is
 * the parsed JSON, or null when there was none: a proxy's HTML page or an empty answer gets a message from the
 * status instead, so the owner still sees something to report.
 */
export function apiErrorFrom(status: number, statusText: string, body: unknown): ApiError {
  if (!isErrorBody(body)) return new ApiError(status, `Server error: ${status} ${statusText}`);
  return new ApiError(status, body.error, body.details);
}

/** POSTs JSON to our API; the same-origin guard on the server expects requests from our own pages only. */
export function postJson<T>(url: string, body: unknown): Promise<T> {
  return fetchJson<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
