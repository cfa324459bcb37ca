import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { EU_VIES_URL } from './tax-config';

describe('loadConfig', () => {
  it('runs with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', seedDemo: true, databaseUrl: undefined });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toMatch(/data$/);
  });

  it('lists every wrong variable at once', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', ADMIN_EMAIL: 'not-an-address' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SEED_DEMO', 'ADMIN_EMAIL']) expect(message).toContain(name);
    }
  });

  it('needs the owner address when a password is given', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'long enough' })).toThrow(/ADMIN_EMAIL/);
  });

  it('reads SEED_DEMO=false, lower-cases the owner address and trims PUBLIC_URL', () => {
    const config = loadConfig({
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'Owner@Example.COM',
      PUBLIC_URL: 'https://shop.example/',
    });
    expect(config).toMatchObject({
      seedDemo: false,
      adminEmail: 'owner@example.com',
      publicUrl: 'https://shop.example',
    });
  });

  it('takes payments with the built-in test provider by default, and with Stripe when its keys are set', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'test', methods: 'card' });
    expect(loadConfig({ PAYMENT_METHODS: 'automatic' }).payments).toEqual({ provider: 'test', methods: 'automatic' });
    const stripe = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(stripe.payments).toMatchObject({
      provider: 'stripe',
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
    });
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('allows 30 quotes with a code or a VAT number a minute per address unless QUOTE_CODE_RATE_LIMIT says otherwise', () => {
    expect(loadConfig({}).quoteChecksPerMinute).toBe(30);
    expect(loadConfig({ QUOTE_CODE_RATE_LIMIT: '5' }).quoteChecksPerMinute).toBe(5);
    expect(() => loadConfig({ QUOTE_CODE_RATE_LIMIT: '0' })).toThrow(/QUOTE_CODE_RATE_LIMIT/);
  });

  it('refuses, in production, the test provider unless allowed and Stripe keys without a webhook secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENTS_PROVIDER.*ALLOW_TEST_PAYMENTS/s);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' }).payments.provider).toBe('test');
    expect(() =>
      loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});

describe('the tax settings', () => {
  const seller = { SELLER_NAME: 'A', SELLER_ADDRESS: 'B', SELLER_COUNTRY: 'de', SELLER_TAX_ID: 'DE1' };

  it('charges no tax and prices in dollars by default', () => {
    const { tax } = loadConfig({});
    expect(tax).toMatchObject({
      currency: 'usd',
      pricesIncludeTax: false,
      invoicePrefix: 'INV-',
      invoiceFirstNumber: 1,
    });
    expect(tax.registrations.size).toBe(0);
  });

  it('reads registrations, the currency and the seller', () => {
    const { tax } = loadConfig({
      ...seller,
      TAX_REGISTRATIONS: 'eu, GB',
      STORE_CURRENCY: 'EUR',
      PRICES_INCLUDE_TAX: 'true',
    });
    expect([...tax.registrations]).toEqual(['eu', 'gb']);
    expect(tax).toMatchObject({ currency: 'eur', pricesIncludeTax: true, seller: { country: 'DE' } });
  });

  it('stops at start on a wrong combination, naming every variable at once', () => {
    const attempt = () =>
      loadConfig({
        TAX_REGISTRATIONS: 'eu,eu-home,us',
        STORE_CURRENCY: 'jpy',
        STRIPE_TAX: 'true',
        SELLER_COUNTRY: 'USA',
      });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['TAX_REGISTRATIONS', 'STORE_CURRENCY', 'SELLER_COUNTRY']) expect(message).toContain(name);
    expect(() => loadConfig({ ...seller, TAX_REGISTRATIONS: 'eu,eu-home' })).toThrow(/eu and eu-home/);
    expect(() => loadConfig({ TAX_REGISTRATIONS: 'eu' })).toThrow(/SELLER_NAME[\s\S]*SELLER_TAX_ID/);
    expect(() => loadConfig({ ...seller, SELLER_COUNTRY: 'US', TAX_REGISTRATIONS: 'eu-home' })).toThrow(/EU country/);
    expect(() => loadConfig({ STRIPE_TAX: 'true' })).toThrow(/STRIPE_TAX/);
  });

  it("asks the EU's VIES in production when VIES_URL is unset, and nothing outside production", () => {
    const live = { ...seller, TAX_REGISTRATIONS: 'eu', NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' };
    expect(EU_VIES_URL).toBe('https://ec.europa.eu/taxation_customs/vies/rest-api');
    expect(loadConfig(live).tax.viesUrl).toBe(EU_VIES_URL);
    // Set, it wins (a test server, a proxy), trimmed of its last slash as the client appends its path.
    expect(loadConfig({ ...live, VIES_URL: 'http://127.0.0.1:9/vies/' }).tax.viesUrl).toBe('http://127.0.0.1:9/vies');
    // Outside production a well-formed number is believed, so no test or dev machine reaches the EU by accident.
    for (const NODE_ENV of ['development', 'test'] as const)
      expect(loadConfig({ ...live, NODE_ENV }).tax.viesUrl).toBeUndefined();
    expect(loadConfig({ ...live, NODE_ENV: 'test', VIES_URL: 'http://127.0.0.1:9/vies' }).tax.viesUrl).toBe(
      'http://127.0.0.1:9/vies',
    );
  });
});
