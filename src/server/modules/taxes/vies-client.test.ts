import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViesTestServer, type ViesTestServer } from '#test-support/vies-test-server.ts';
import { checkWithVies } from './vies-client';

describe('checkWithVies against the VIES test server', () => {
  let vies: ViesTestServer;

  beforeAll(async () => {
    vies = await startViesTestServer({
      valid: ['FR40303265045', 'EL094259216', 'DE136695976'],
      unavailable: ['ES'],
      traders: { FR40303265045: { name: 'SA ODIGEO', address: '1 RUE DES TESTS\n75001 PARIS' } },
    });
  });
  afterAll(() => vies.close());

  it('knows a valid number, with the trader the member state discloses and when VIES checked it', async () => {
    const before = Date.now();
    const answer = await checkWithVies(vies.url, { country: 'FR', localNumber: '40303265045' });
    expect(answer).toEqual({
      status: 'valid',
      name: 'SA ODIGEO',
      address: '1 RUE DES TESTS\n75001 PARIS',
      checkedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
    });
    expect(Date.parse((answer as { checkedAt: string }).checkedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'FR', vatNumber: '40303265045' });
  });

  it("reads '---' as a name and an address kept back", async () => {
    expect(await checkWithVies(vies.url, { country: 'DE', localNumber: '136695976' })).toMatchObject({
      status: 'valid',
      name: null,
      address: null,
    });
  });

  it('asks for Greece as EL', async () => {
    expect(await checkWithVies(vies.url, { country: 'EL', localNumber: '094259216' })).toMatchObject({
      status: 'valid',
    });
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'EL', vatNumber: '094259216' });
  });

  it('takes a base written with a trailing slash', async () => {
    expect(await checkWithVies(`${vies.url}/`, { country: 'DE', localNumber: '136695976' })).toMatchObject({
      status: 'valid',
    });
  });

  it('is told a well-formed number VIES does not know is invalid', async () => {
    expect(await checkWithVies(vies.url, { country: 'DE', localNumber: '136695978' })).toEqual({ status: 'invalid' });
  });

  it('reads INVALID_INPUT as invalid', async () => {
    expect(await checkWithVies(vies.url, { country: 'DE', localNumber: '' })).toEqual({ status: 'invalid' });
  });

  it("reads a member state's register being down as unavailable", async () => {
    expect(await checkWithVies(vies.url, { country: 'ES', localNumber: 'B58378431' })).toEqual({
      status: 'unavailable',
      reason: 'VIES answered MS_UNAVAILABLE',
    });
  });

  it('reads an outage page as unavailable', async () => {
    vies.setDown(true);
    try {
      expect(await checkWithVies(vies.url, { country: 'FR', localNumber: '40303265045' })).toEqual({
        status: 'unavailable',
        reason: 'VIES answered 503 with no JSON',
      });
    } finally {
      vies.setDown(false);
    }
  });

  it('gives up after its timeout', async () => {
    vies.setHanging(true);
    try {
      const started = performance.now();
      const answer = await checkWithVies(vies.url, { country: 'FR', localNumber: '40303265045' }, { timeoutMs: 150 });
      expect(answer).toEqual({ status: 'unavailable', reason: 'VIES did not answer within 150 ms' });
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      vies.setHanging(false);
    }
  });
});

describe('checkWithVies when VIES cannot be reached or answers oddly', () => {
  it('reads a refused connection as unavailable', async () => {
    const vies = await startViesTestServer({ valid: ['FR40303265045'] });
    await vies.close();
    expect(await checkWithVies(vies.url, { country: 'FR', localNumber: '40303265045' })).toEqual({
      status: 'unavailable',
      reason: 'VIES could not be reached (ECONNREFUSED)',
    });
  });

  it.each([
    [500, { actionSucceed: false, errorWrappers: [{ error: 'TIMEOUT', message: null }] }, 'VIES answered TIMEOUT'],
    [
      200,
      { actionSucceed: false, errorWrappers: [{ error: 'MS_MAX_CONCURRENT_REQ' }] },
      'VIES answered MS_MAX_CONCURRENT_REQ',
    ],
    [
      500,
      { actionSucceed: false, errorWrappers: [{ error: 'SERVICE_UNAVAILABLE' }] },
      'VIES answered SERVICE_UNAVAILABLE',
    ],
    [200, { actionSucceed: false }, 'VIES answered an unnamed error'],
    [502, { valid: true }, 'VIES answered 502'],
    [200, { countryCode: 'FR', vatNumber: '40303265045' }, 'VIES answered without saying whether the number is valid'],
    [200, ['valid'], 'VIES answered 200 with no object'],
  ])('reads %i %j as unavailable', async (status, body, reason) => {
    await withServerAnswering(status, JSON.stringify(body), async (url) => {
      expect(await checkWithVies(url, { country: 'FR', localNumber: '40303265045' })).toEqual({
        status: 'unavailable',
        reason,
      });
    });
  });

  it('reads INVALID_INPUT answered with 400 as invalid', async () => {
    const body = JSON.stringify({ actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] });
    await withServerAnswering(400, body, async (url) => {
      expect(await checkWithVies(url, { country: 'FR', localNumber: 'X' })).toEqual({ status: 'invalid' });
    });
  });

  it('dates the check itself when VIES sends no date', async () => {
    await withServerAnswering(200, JSON.stringify({ valid: true, name: ' ACME ', address: '' }), async (url) => {
      const answer = await checkWithVies(url, { country: 'FR', localNumber: '40303265045' });
      expect(answer).toMatchObject({ status: 'valid', name: 'ACME', address: null });
      expect(Math.abs(Date.parse((answer as { checkedAt: string }).checkedAt) - Date.now())).toBeLessThan(5000);
    });
  });
});

// A server giving one fixed answer to anything: shapes the VIES test server has no reason to produce.
async function withServerAnswering(status: number, body: string, run: (url: string) => Promise<void>) {
  const server = http.createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
