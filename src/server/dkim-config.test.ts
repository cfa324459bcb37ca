import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { NODE_ENV: 'test', DATA_DIR: os.tmpdir(), SEED_DEMO: 'false' };
const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

describe('DKIM settings', () => {
  it('are none (the relay signs) or all three, the key given inline with \\n or as a file', () => {
    expect(loadConfig(base).dkim).toBeUndefined();
    const inline = loadConfig({
      ...base,
      DKIM_DOMAIN: 'shop.test',
      DKIM_SELECTOR: 'mail',
      DKIM_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
    });
    expect(inline.dkim).toEqual({ domainName: 'shop.test', keySelector: 'mail', privateKey: pem });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dkim-')), 'key.pem');
    fs.writeFileSync(file, pem);
    expect(
      loadConfig({ ...base, DKIM_DOMAIN: 'shop.test', DKIM_SELECTOR: 'mail', DKIM_PRIVATE_KEY_FILE: file }).dkim
        ?.privateKey,
    ).toBe(pem);
  });

  it('name what is missing or unreadable', () => {
    expect(() => loadConfig({ ...base, DKIM_DOMAIN: 'shop.test' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DKIM_DOMAIN: 'shop.test' })).toThrow(/DKIM_SELECTOR: is required/);
    expect(() => loadConfig({ ...base, DKIM_DOMAIN: 'shop.test' })).toThrow(/DKIM_PRIVATE_KEY: is required/);
    expect(() =>
      loadConfig({ ...base, DKIM_DOMAIN: 'shop.test', DKIM_SELECTOR: 'mail', DKIM_PRIVATE_KEY: 'not a key' }),
    ).toThrow(/DKIM_PRIVATE_KEY: is not a readable private key/);
  });
});
