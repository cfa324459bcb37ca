// JSON requests to the store for npm run bench:http's set-up (a customer's sign-up and purchase, the owner's edit),
// sent as the store's own client sends them. Not timed, except the owner's edit, whose start is taken around it.
export interface ApiAnswer {
  status: number;
  body: unknown;
  /** `name=value` of each Set-Cookie, ready for a Cookie header. */
  cookies: string[];
}

export async function callApi(
  origin: string,
  method: 'GET' | 'POST' | 'PUT',
  urlPath: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.cookie) headers.Cookie = options.cookie;
  const response = await fetch(`${origin}${urlPath}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (an empty 204, say): kept as text for the error message.
  }
  return { status: response.status, body, cookies: response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '') };
}

/** The answer's body when the status is the expected one; otherwise an error that says what the store answered. */
export async function expectStatus<T>(
  expected: number,
  origin: string,
  method: 'GET' | 'POST' | 'PUT',
  urlPath: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<{ body: T; cookies: string[] }> {
  const answer = await callApi(origin, method, urlPath, options);
  if (answer.status !== expected) throw new Error(`${method} ${urlPath} answered ${answer.status}, not ${expected}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  return { body: answer.body as T, cookies: answer.cookies };
}
