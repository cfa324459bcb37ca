import type { z } from 'zod';

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

/** Fetches JSON from our own API and checks it against the shared schema the server answered with. */
export async function fetchJson<T>(url: string, schema: z.ZodType<T>, init?: RequestInit): Promise<T> {
  const response = await transport(url, { ...init, headers: { accept: 'application/json', ...init?.headers } });
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = body as { error?: string; details?: Record<string, string[]> } | null;
    throw new ApiError(response.status, error?.error ?? `${response.status} ${response.statusText}`, error?.details);
  }
  return schema.parse(body);
}

/** POSTs JSON to our API; the same-origin guard on the server expects requests from our own pages only. */
export function postJson<T>(url: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
  return fetchJson(url, schema, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}
