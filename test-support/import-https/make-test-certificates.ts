// Makes the catalogue import tests' certificates once: a test CA, and a certificate it signs for localhost and
// 127.0.0.1 that the tests' https picture server presents. The files are committed (they must exist before any
// test process starts, for NODE_EXTRA_CA_CERTS); run again only to renew them, with
// `npx tsx test-support/import-https/make-test-certificates.ts`. They are good for twenty years and trusted nowhere
// but in the test processes.
import fs from 'node:fs';
import path from 'node:path';
import selfsigned from 'selfsigned';

const folder = path.dirname(new URL(import.meta.url).pathname);
const notAfterDate = new Date(Date.UTC(2046, 0, 1));

const ca = await selfsigned.generate([{ name: 'commonName', value: 'Wall Art Store import tests CA' }], {
  keyType: 'ec',
  curve: 'P-256',
  algorithm: 'sha256',
  notAfterDate,
  extensions: [
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ],
});
const server = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
  keyType: 'ec',
  curve: 'P-256',
  algorithm: 'sha256',
  notAfterDate,
  ca: { key: ca.private, cert: ca.cert },
  extensions: [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ],
});
fs.writeFileSync(path.join(folder, 'test-ca.pem'), ca.cert);
fs.writeFileSync(path.join(folder, 'localhost-cert.pem'), server.cert);
fs.writeFileSync(path.join(folder, 'localhost-key.pem'), server.private);
