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
  if (!response.ok) {
    const error = body as { error?: string; details?: Record<string, string[]> } | null;
    throw new ApiError(response.status, error?.error ?? `Server error: ${response.status} ${response.statusText}`, error?.details);
  }
  return body as T;
}

/** POSTs JSON to our API; the same-origin guard on the server expects requests from our own pages only. */
export function postJson<T>(url: string, body: unknown): Promise<T> {
  return fetchJson<T>(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}
