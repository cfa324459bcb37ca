import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';

describe('GET /api/settings', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  it('defaults to a personal, non-commercial licence and final sales', async () => {
    const t = await createTestApp('sqlite');
    apps.push(t);
    const response = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(response.json()).toEqual({
      storeName: 'Wall Art Store',
      license: 'personal',
      refundPolicy: 'final-sale',
      supportEmail: null,
      downloadLimit: null,
      currency: 'usd',
      guestCheckout: false,
    });
  });

  it('reports what the owner configured', async () => {
    const t = await createTestApp('sqlite', {
      STORE_NAME: 'Nordic Prints',
      STORE_LICENSE: 'commercial',
      STORE_REFUND_POLICY: '30-day',
      CONTACT_EMAIL: 'help@nordic.test',
      STORE_CURRENCY: 'GBP',
      GUEST_CHECKOUT: 'true',
    });
    apps.push(t);
    const response = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(response.json()).toEqual({
      storeName: 'Nordic Prints',
      license: 'commercial',
      refundPolicy: '30-day',
      supportEmail: 'help@nordic.test',
      downloadLimit: null,
      currency: 'gbp',
      guestCheckout: true,
    });
  });
});
