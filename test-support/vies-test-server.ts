// A loopback server speaking the part of the EU's VIES REST API the store uses, so tests run the real client (its
// fetch, timeout and reading of errors) against answers of the real shape:
//   POST {url}/check-vat-number  {countryCode, vatNumber}
//     → 200 {countryCode, vatNumber, requestDate, valid, requestIdentifier, name, address}: valid for the numbers it
//       is given, with '---' for the name and the address unless `traders` names them (as member states that keep
//       them to themselves answer); valid: false for any other number;
//     → 200 {actionSucceed: false, errorWrappers: [{error: 'MS_UNAVAILABLE'}]} for a country it is told is down;
//     → 400 {actionSucceed: false, errorWrappers: [{error: 'INVALID_INPUT'}]} for a body without both fields.
// `url` has a path, as the real base does, so a client that drops it reaches nothing here.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ViesTestRequest {
  countryCode: string;
  vatNumber: string;
}

export interface ViesTestServerOptions {
  /** Normalized numbers it knows as valid: 'FR40303265045', 'EL094259216'. */
  valid: string[];
  /** Country codes (VIES's: 'EL' for Greece) whose register answers MS_UNAVAILABLE. */
  unavailable?: string[];
  /** Name and address disclosed for some of the valid numbers. */
  traders?: Record<string, { name: string; address: string }>;
}

const BASE_PATH = '/taxation_customs/vies/rest-api';

export async function startViesTestServer(options: ViesTestServerOptions) {
  const valid = new Set(options.valid);
  const unavailable = new Set(options.unavailable ?? []);
  const requests: ViesTestRequest[] = [];
  let down = false;
  let hanging = false;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      // Left open: the client's timeout is what ends it.
      if (hanging) return;
      if (down) {
        res.writeHead(503, { 'content-type': 'text/html' }).end('<html><body>Service Unavailable</body></html>');
        return;
      }
      if (req.method !== 'POST' || req.url !== `${BASE_PATH}/check-vat-number`) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not Found</body></html>');
        return;
      }
      const body = readRequest(Buffer.concat(chunks).toString('utf8'));
      if (!body) return sendJson(res, 400, failure('INVALID_INPUT'));
      requests.push(body);
      if (unavailable.has(body.countryCode)) return sendJson(res, 200, failure('MS_UNAVAILABLE'));
      const number = body.countryCode + body.vatNumber;
      const known = valid.has(number);
      const trader = (known && options.traders?.[number]) || { name: '---', address: '---' };
      sendJson(res, 200, {
        countryCode: body.countryCode,
        vatNumber: body.vatNumber,
        requestDate: new Date().toISOString(),
        valid: known,
        requestIdentifier: known ? `WAPIAAAA${randomBytes(4).toString('hex').toUpperCase()}` : '',
        ...trader,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${BASE_PATH}`,
    requests,
    /** Down: every request is answered 503 with a page of HTML, as the EU's gateway does in an outage. */
    setDown(value: boolean) {
      down = value;
    },
    /** Hanging: requests are read and never answered. */
    setHanging(value: boolean) {
      hanging = value;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ViesTestServer = Awaited<ReturnType<typeof startViesTestServer>>;

function readRequest(text: string): ViesTestRequest | null {
  try {
    const body = JSON.parse(text) as Partial<Record<keyof ViesTestRequest, unknown>>;
    const { countryCode, vatNumber } = body;
    if (typeof countryCode !== 'string' || typeof vatNumber !== 'string' || !countryCode || !vatNumber) return null;
    return { countryCode, vatNumber };
  } catch {
    return null;
  }
}

function failure(error: string) {
  return { actionSucceed: false, errorWrappers: [{ error, message: null }] };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
