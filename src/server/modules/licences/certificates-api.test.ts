import { shownOrderNumber } from '#shared/orders/checkout.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { pdfText } from '#test-support/pdf-text.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';

type DownloadList = { orders: Array<{ items: Array<{ itemId: number; licence: string; certificateNumber: string }> }> };

describe.each(TEST_ENGINES)('licence certificates on %s', (engine) => {
  let t: TestApp;
  let buyer: string;
  let other: string;
  let owner: string;
  let orderNumber: string;
  let certificate: string;
  let personalCertificate: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    buyer = await signedInCookie(t.app, t.db, 'lukasz@shop.test', 'customer');
    other = await signedInCookie(t.app, t.db, 'someone@shop.test', 'customer');
    owner = await signedInCookie(t.app, t.db, 'cert-owner@shop.test', 'admin');
    const [artwork, second] = await insertTestArtworks(t.db, [
      { title: 'Wisła at Dawn', artist: 'Anna Nowak', price: 9, commercialPrice: 45 },
      { title: 'Київ Evening', artist: 'Ira Koval', price: 7 },
    ]);
    const bought = await buyWithTestCard(t, buyer, {
      items: [{ id: artwork!, quantity: 1, licence: 'commercial' }],
      email: 'lukasz@shop.test',
      firstName: 'Łukasz',
      lastName: 'Żółć',
    });
    // As the buyer's receipt names it, with the store's reference.
    orderNumber = `#${shownOrderNumber(bought.paymentIntentId)} (${bought.orderNumber})`;
    const yaroslava = await signedInCookie(t.app, t.db, 'yaroslava@shop.test', 'customer');
    await buyWithTestCard(t, yaroslava, {
      items: [{ id: second!, quantity: 1 }],
      email: 'yaroslava@shop.test',
      firstName: 'Ярослава',
      lastName: 'Петренко',
    });
    const mine = (await t.app.inject({ url: '/api/downloads', headers: { cookie: buyer } })).json<DownloadList>();
    certificate = mine.orders[0]!.items[0]!.certificateNumber;
    const hers = (await t.app.inject({ url: '/api/downloads', headers: { cookie: yaroslava } })).json<DownloadList>();
    personalCertificate = hers.orders[0]!.items[0]!.certificateNumber;
  });
  afterAll(() => t.close());

  const pdf = (number: string, cookie?: string) =>
    t.app.inject({ url: `/api/licences/${number}/pdf`, headers: cookie ? { cookie } : {} });

  it('lists each bought line with its licence and certificate number on My Downloads', async () => {
    const mine = (await t.app.inject({ url: '/api/downloads', headers: { cookie: buyer } })).json<DownloadList>();
    expect(mine.orders[0]!.items[0]).toMatchObject({ licence: 'commercial', certificateNumber: certificate });
    expect(certificate).toMatch(/^LC-\d+-[A-Z2-9]{16}$/);
  });

  it('verifies a certificate for anyone, with the name on it and no other personal data', async () => {
    const response = await t.app.inject({ url: `/api/licences/${certificate}` });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      certificateNumber: certificate,
      valid: true,
      holderName: 'Łukasz Żółć',
      artworkTitle: 'Wisła at Dawn',
      licence: 'commercial',
      licenceLabel: 'Commercial licence',
      termsVersion: 1,
      orderNumber,
      canDownload: false,
    });
    expect(response.body).not.toContain('lukasz@shop.test');
    expect(Object.keys(body)).not.toContain('customerEmail');
    // Lower case, as someone might type it, is the same certificate.
    expect((await t.app.inject({ url: `/api/licences/${certificate.toLowerCase()}` })).statusCode).toBe(200);
  });

  it('says a tampered or unknown number is not a certificate (404, a clear sentence)', async () => {
    const last = certificate.at(-1) === 'A' ? 'B' : 'A';
    const tampered = `${certificate.slice(0, -1)}${last}`;
    const otherLine = certificate.replace(/^LC-\d+-/, 'LC-999999-');
    for (const number of [tampered, otherLine, 'LC-1-AAAAAAAAAAAAAAAA', 'hello']) {
      const response = await t.app.inject({ url: `/api/licences/${encodeURIComponent(number)}` });
      expect(response.statusCode, number).toBe(404);
      expect(response.json<{ error: string }>().error).toMatch(/No license certificate has this number/);
      expect(response.body).not.toContain('Łukasz');
    }
    expect((await pdf(tampered, buyer)).statusCode).toBe(404);
  });

  it('gives the PDF to its buyer: it opens and names the buyer, the artwork, the licence and its terms version', async () => {
    const response = await pdf(certificate, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toContain('attachment');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Łukasz Żółć');
    expect(text).toContain('Commercial licence');
    expect(text).toContain('Wisła at Dawn');
    expect(text).toContain('version 1');
    expect(text).toContain(orderNumber);
    expect(text).toContain(`/licences/${certificate}`);
    expect(text).not.toContain('Personal, non-commercial licence');
  });

  it('prints a Cyrillic name and the personal licence', async () => {
    const response = await pdf(personalCertificate, owner);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Ярослава Петренко');
    expect(text).toContain('Київ Evening');
    expect(text).toContain('Personal, non-commercial licence');
  });

  it('keeps the PDF from anyone but the buyer and the owner', async () => {
    expect((await pdf(certificate)).statusCode).toBe(401);
    expect((await pdf(certificate, other)).statusCode).toBe(403);
    expect((await pdf(certificate, owner)).statusCode).toBe(200);
    const asBuyer = await t.app.inject({ url: `/api/licences/${certificate}`, headers: { cookie: buyer } });
    expect(asBuyer.json<{ canDownload: boolean }>().canDownload).toBe(true);
  });

  it('says a refunded order’s licence has ended, and makes no PDF of it', async () => {
    const [artwork] = (await insertTestArtworks(t.db, [{ title: 'Given Back', price: 6 }])) as [number];
    const bought = await buyWithTestCard(t, buyer, {
      items: [{ id: artwork, quantity: 1 }],
      email: 'lukasz@shop.test',
      firstName: 'Łukasz',
      lastName: 'Żółć',
    });
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${bought.orderNumber}/refund`,
      payload: {},
      headers: { cookie: owner },
    });
    expect(refund.json<{ status: string }>().status).toBe('refunded');
    const mine = (await t.app.inject({ url: '/api/downloads', headers: { cookie: buyer } })).json<DownloadList>();
    const number = mine.orders.flatMap((o) => o.items).find((i) => i.itemId === bought.itemId)!.certificateNumber;
    const check = await t.app.inject({ url: `/api/licences/${number}` });
    expect(check.json<{ valid: boolean }>().valid).toBe(false);
    expect((await pdf(number, buyer)).statusCode).toBe(409);
  });
});
