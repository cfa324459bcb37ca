import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { CapturedRoute } from './route-catalogue';
import type { KnownValues, Role } from './store-fixture';

// Generators of hostile requests: whatever a browser, a script or an attacker could send to a route. Each request
// is built from the route's own path and, where the app's tests show one, a valid body that is then broken in
// generated ways, so the requests reach past the first check into the code behind it.

/** Values that have broken servers before: edges of numbers, of text encodings and of the database's types. */
const NASTY_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  -1,
  0.001,
  1.005,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202e',
  '\ufeff',
  '𝕏🎨',
  'ß'.repeat(70),
  'x'.repeat(5001),
  '9'.repeat(400),
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  "'; drop table artworks; --",
  '" OR 1=1 --',
  '%',
  '%%',
  '%_\\',
  '\\',
  '*',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1',
  '0',
  '0x10',
  '1.5',
  ' 12 ',
  '12abc',
  '99999999999999999999',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  'https://',
  'javascript:alert(1)',
  'data:text/html,x',
  'file:///etc/passwd',
  'a@b',
  '@',
  'a@b.c',
  'A@B.COM ',
  [],
  [[]],
  [null],
  {},
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  new Array(1001).fill(1),
  Array.from({ length: 40 }, (_, i) => String(i)),
];

/** encodeURIComponent that takes lone surrogates too (as UTF-8 does: U+FFFD), since generated text has them. */
const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.!~*'()]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const jsonish: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_VALUES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 2, arbitrary: jsonish },
);

/** A path segment for a parameter: a real value, a near miss, or something that is no value at all. */
function segmentArb(known: KnownValues, name: string): fc.Arbitrary<string> {
  const real = [
    ...known.artworkIds.map(String),
    known.orderNumber,
    known.orderNumber.toLowerCase(),
    String(known.itemId),
    'buyer@hostile.test',
    'BUYER@hostile.test',
    'owner@hostile.test',
  ];
  const raw = fc.oneof(
    fc.constantFrom(...real),
    fc.constantFrom(
      ...NASTY_VALUES.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String),
    ),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.integer().map(String),
    fc.constantFrom(
      '0',
      '-0',
      '01',
      '1.0',
      '1e3',
      '+1',
      '0x1',
      ' 1',
      '2147483648',
      '9007199254740993',
      'WA-' + 'Z'.repeat(60),
    ),
  );
  return fc.oneof(
    { weight: 3, arbitrary: raw.map((value) => encode(value)) },
    // Escapes a browser would never send: broken percent-encoding, encoded slashes and dots, a NUL.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        '%00',
        '%2e%2e',
        '..%2f..%2f',
        '%c0%ae',
        '%ff%fe',
        ';x=1',
        'a;b',
        '%252e',
      ),
    },
    { weight: 1, arbitrary: fc.constant(name === 'id' ? '' : 'x'.repeat(2000)) },
  );
}

/** What stands after a route's `*`: nested folders, traversal, dot-files and broken escapes. */
const wildcardArb = fc.oneof(
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '..',
          '.',
          '',
          '.env',
          'originals',
          'files',
          '%2e%2e',
          '%00',
          '%',
          'a%2fb',
          '~',
          'index.html',
          'robots.txt',
        ),
        fc.string({ maxLength: 10 }).map(encode),
      ),
      { maxLength: 5 },
    )
    .map((parts) => parts.join('/')),
  fc.string({ unit: 'binary', maxLength: 40 }).map(encode),
);

/** A query string: the route's own keys and some others, each once, twice (a list) or bare, values hostile. */
function queryArb(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 4, arbitrary: keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('q') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__',
        'constructor',
        'expires',
        'sig',
        'name',
        'type',
        'kind',
        'limit',
        'page',
        '',
        'a[b]',
        'a.b',
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const value = fc.oneof(
    nastyValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
    fc.constantFrom(
      'preview',
      'media',
      'private',
      'paid',
      'newest',
      'price-asc',
      'featured',
      'abstract',
      '1',
      '100',
      '101',
      '0',
      '-5',
      '1e3',
      '5.5',
    ),
  );
  const pair = fc.tuple(key, value, fc.constantFrom('encoded', 'encoded', 'raw', 'bare')).map(([k, v, how]) => {
    if (how === 'bare') return encode(k);
    // "raw" leaves in what is legal in a URL but confuses parsers: percent signs, plus signs, brackets.
    if (how === 'raw') return `${encode(k)}=${v.replace(/[^\x21-\x7e]/g, (c) => encode(c)).replace(/#/g, '%23')}`;
    return `${encode(k)}=${encode(v)}`;
  });
  return fc.array(pair, { maxLength: 6 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

type Path = Array<string | number>;

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const children = Array.isArray(value)
    ? value.map((v, i) => pathsOf(v, [...prefix, i]))
    : Object.entries(value).map(([k, v]) => pathsOf(v, [...prefix, k]));
  return [prefix, ...children.flat()];
}

type Edit = { at: number; op: 'set' | 'delete' | 'add-key' | 'wrap' | 'stringify'; value: unknown; key: string };

/** A deep copy of `sample` with the edits applied at generated places: a field set to a hostile value, dropped, wrapped... */
function applyEdits(sample: unknown, edits: Edit[]): unknown {
  let body: unknown = structuredClone(sample);
  for (const { value: shared, ...rest } of edits) {
    // The value is placed as a copy: it may be one of NASTY_VALUES, shared by every run, and a later edit of this
    // body (a key '__proto__' added to it) would change it for good, once even into a circle JSON cannot write.
    const edit = { ...rest, value: structuredClone(shared) };
    const paths = pathsOf(body);
    const target = paths[edit.at % paths.length]!;
    const parentPath = target.slice(0, -1);
    const last = target[target.length - 1];
    const parent = parentPath.reduce<unknown>(
      (node, step) => (node as Record<string | number, unknown>)[step],
      body,
    ) as Record<string | number, unknown> | undefined;
    const current = target.length === 0 ? body : parent?.[last!];
    const replaced =
      edit.op === 'wrap' ? [current] : edit.op === 'stringify' ? (JSON.stringify(current) ?? 'undefined') : edit.value;
    if (edit.op === 'add-key') {
      if (current !== null && typeof current === 'object' && !Array.isArray(current))
        (current as Record<string, unknown>)[edit.key] = edit.value;
      continue;
    }
    if (target.length === 0) body = edit.op === 'delete' ? {} : replaced;
    else if (edit.op === 'delete' && parent) {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last!];
    } else if (parent) parent[last!] = replaced;
  }
  return body;
}

const editArb: fc.Arbitrary<Edit> = fc.record({
  at: fc.nat(),
  op: fc.constantFrom('set', 'set', 'set', 'delete', 'add-key', 'wrap', 'stringify'),
  value: nastyValue,
  key: fc.constantFrom('__proto__', 'constructor', 'extra', 'id', 'role', 'isAdmin', 'user_id', 'email', 'amount'),
});

/** Bodies that are not JSON at all, or JSON cut short, or JSON nested deeper than anyone writes by hand. */
function rawBodyArb(sample: unknown): fc.Arbitrary<string | Buffer> {
  const text = JSON.stringify(sample ?? {});
  return fc.oneof(
    fc.nat({ max: Math.max(0, text.length - 1) }).map((n) => text.slice(0, n)),
    fc.constantFrom(
      '',
      ' ',
      'null',
      'true',
      '0',
      '"x"',
      '[]',
      '{',
      '{"a":',
      '{"a":1,}',
      "{'a':1}",
      '{"a":1}{"b":2}',
      'NaN',
      '\u0000',
      '\ufeff{}',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      `${'['.repeat(3000)}${']'.repeat(3000)}`,
      `{"a":${'1'.repeat(500)}}`,
      `{"a":"${'\\u0000'.repeat(10)}"}`,
      '{"a":"\\ud800"}',
    ),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
}

const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/xml',
  'application/json;;;',
  'application/*',
  '*/*',
  'application/JSON',
  'image/png',
  '',
  'x'.repeat(300),
];

const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

/** Headers a client chooses itself: some real, some broken, the session cookie replaced or doubled. */
const headersArb = fc.dictionary(
  fc.constantFrom(
    'accept',
    'accept-encoding',
    'accept-language',
    'if-none-match',
    'if-modified-since',
    'if-range',
    'range',
    'origin',
    'sec-fetch-site',
    'referer',
    'x-forwarded-for',
    'x-forwarded-proto',
    'x-forwarded-host',
    'user-agent',
    'stripe-signature',
    'authorization',
    'content-encoding',
    'expect',
    'x-http-method-override',
  ),
  fc.oneof(
    headerText,
    fc.constantFrom(
      'gzip',
      'br, gzip;q=0',
      'identity;q=0, *;q=0',
      'bytes=0-0',
      'bytes=-1',
      'bytes=5-1',
      'bytes=0-1,2-3,4-5,6-7',
      'bytes=99999999999999999999-',
      'same-origin',
      'cross-site',
      'none',
      'null',
      'http://localhost:3000',
      'https://evil.example',
      '*/*',
      '100-continue',
      'DELETE',
      '1.2.3.4, 5.6.7.8',
      'unknown',
      't=1,v1=abc',
      'Bearer x',
    ),
  ),
  { maxKeys: 3 },
);

/** Who sends the request, and what they do to the session cookie. */
const cookieArb = (cookieOf: (role: Role) => string) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom<Role>('visitor', 'customer', 'owner')
        .map((role) => ({ role, cookie: cookieOf(role) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          headerText.map((v) => `session=${v}`),
          headerText,
          fc.constantFrom('session=', 'session=;session=x', '=;=;', 'session=%E0%A4%A', `session=${'a'.repeat(4000)}`),
        )
        .map((cookie) => ({ role: 'visitor' as const, cookie })),
    },
  );

export interface HostileRequest {
  role: Role;
  options: InjectOptions & { url: string; headers: Record<string, string> };
}

export interface RouteContext {
  route: CapturedRoute;
  known: KnownValues;
  cookieOf: (role: Role) => string;
  /** A body the route would accept, when one is known: generated bodies start from it and break it. */
  sample: unknown;
  queryKeys: string[];
}

export function hostileRequestArb({
  route,
  known,
  cookieOf,
  sample,
  queryKeys,
}: RouteContext): fc.Arbitrary<HostileRequest> {
  const segments = route.url.split('/').map((part) => {
    if (part.startsWith(':')) return segmentArb(known, part.slice(1));
    if (part === '*') return wildcardArb;
    return fc.constant(part);
  });
  const urlArb = fc.tuple(...segments).map((parts) => parts.join('/'));
  const bodyArb = fc.oneof(
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    {
      weight: 4,
      arbitrary: fc
        .array(editArb, { minLength: 0, maxLength: 3 })
        .map((edits) => ({ kind: 'json' as const, value: applyEdits(sample ?? {}, edits) })),
    },
    { weight: 1, arbitrary: nastyValue.map((value) => ({ kind: 'json' as const, value })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(rawBodyArb(sample), fc.constantFrom(...CONTENT_TYPES))
        .map(([raw, type]) => ({ kind: 'raw' as const, raw, type })),
    },
  );
  return fc
    .record({
      url: urlArb,
      query: queryArb(queryKeys),
      body: bodyArb,
      headers: headersArb,
      who: cookieArb(cookieOf),
      address: fc.option(fc.nat({ max: 2 ** 24 - 1 }), { freq: 4 }),
    })
    .map(({ url, query, body, headers, who, address }) => {
      const all: Record<string, string> = { ...headers };
      if (who.cookie) all.cookie = who.cookie;
      let payload: string | Buffer | undefined;
      if (body.kind === 'json') {
        payload = JSON.stringify(body.value) ?? 'null';
        all['content-type'] = 'application/json';
      } else if (body.kind === 'raw') {
        payload = body.raw;
        if (body.type) all['content-type'] = body.type;
      }
      // A new address for most requests, so the per-address limits (10 a minute) do not answer every later request
      // with 429 before it is read; the rest share one, so the limits themselves are met too.
      const remoteAddress =
        address === null ? '203.0.113.9' : `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
      const method = route.method;
      return {
        role: who.role,
        options: {
          method,
          url: `${url}${query}`,
          headers: all,
          remoteAddress,
          ...(payload === undefined ? {} : { payload }),
        },
      };
    });
}
