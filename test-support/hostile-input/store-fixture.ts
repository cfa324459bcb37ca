import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { insertTestArtworks } from '../artwork-factory';
import { masterPng } from '../master-image';
import { multipart } from '../multipart';
import { signedInCookie } from '../owner-session';
import { createTestApp, type TestApp } from '../test-app';
import { buyWithTestCard } from '../test-purchase';
import type { Engine } from '../../src/server/db/dialect';
import * as authService from '../../src/server/modules/auth/service';
import { sessionCookieName } from '../../src/server/modules/auth';
import type { MailProvider } from '../../src/server/providers/mail/mail-provider';
import { captureRoutes, type CapturedRoute } from './route-catalogue';

export const CUSTOMER_EMAIL = 'buyer@hostile.test';
export const OWNER_EMAIL = 'owner@hostile.test';

/** The password test-support/owner-session.ts gives every account it makes. */
const ACCOUNT_PASSWORD = 'test account password';
/** Signing in sends no mail. */
const NO_MAIL: MailProvider = { send: () => Promise.reject(new Error('no mail expected')) };

export type Role = 'visitor' | 'customer' | 'owner';

/**
 * Real values a hostile request may aim at, so that generated requests get past "not found" into the code behind
 * it: existing artworks, a paid order and its line, an uploaded preview, a payment's id and secret.
 */
export interface KnownValues {
  artworkIds: number[];
  orderNumber: string;
  paymentIntentId: string;
  clientSecret: string;
  itemId: number;
  previewUrl: string;
  privateFileKey: string;
}

export interface StoreUnderAttack extends TestApp {
  routes: CapturedRoute[];
  known: KnownValues;
  cookieOf(role: Role): string;
  /** Signs the customer and the owner in again when a generated request ended their session (a sign-out). */
  keepSignedIn(): Promise<void>;
  /** Puts back artworks a generated (and allowed) delete took away, so later requests still find some. */
  keepCatalogue(): Promise<void>;
  /** A hash of what refused requests must never change: the catalogue, the uploads, the orders and the discounts. */
  snapshot(): Promise<string>;
  /** Every file under the data folder's storage (public files and private originals), as relative paths. */
  storedFiles(): string[];
}

const CATALOGUE_SIZE = 3;

export async function buildStoreUnderAttack(engine: Engine): Promise<StoreUnderAttack> {
  // No print packs made in the background: the suite checks that a refused request changes nothing, and a pack
  // being made (queued by the fixture's purchase, or by an accepted crop) writes files and rows meanwhile.
  const { result: t, routes } = await captureRoutes(() =>
    createTestApp(engine, {}, { printPacks: { enabled: false } }),
  );
  const cookies: Record<Role, string> = { visitor: '', customer: '', owner: '' };
  const signIn = async (role: 'customer' | 'owner') => {
    const email = role === 'owner' ? OWNER_EMAIL : CUSTOMER_EMAIL;
    const exists = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (!exists) {
      cookies[role] = await signedInCookie(t.app, t.db, email, role === 'owner' ? 'admin' : 'customer');
      return;
    }
    // The account has orders: it gets a new session (with the password signedInCookie gave it), not a new account.
    // The service is asked, not the route, whose per-account limit generated sign-in attempts may have used up.
    const { token } = await authService.signIn(
      { db: t.db, config: t.config, log: t.app.log, mail: NO_MAIL },
      email,
      ACCOUNT_PASSWORD,
    );
    cookies[role] = `${sessionCookieName(t.config)}=${token}`;
  };
  await signIn('customer');
  await signIn('owner');

  const artworkIds = await insertTestArtworks(t.db, [
    { title: 'Quiet Harbour', price: 20 },
    { title: 'Paper Moon', price: 7.25 },
    { title: 'Cheap Sketch', price: 0.2 },
  ]);
  const as = (role: Role) => ({ cookie: cookies[role] });

  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b4532a' } })
    .png()
    .toBuffer();
  // A master must print 8 × 10 in at 150 DPI; a flat one is a few kilobytes.
  const master = await masterPng();
  const upload = async (kind: string) => {
    const body = multipart([{ name: 'fixture.png', content: kind === 'private' ? master : png }]);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/uploads?kind=${kind}`,
      payload: body.payload,
      headers: { ...body.headers, ...as('owner') },
    });
    if (answer.statusCode !== 201) throw new Error(`fixture upload failed: ${answer.body}`);
    return answer.json<{ files: Array<{ url: string; path: string }> }>().files[0]!;
  };
  const preview = await upload('preview');
  const privateFile = await upload('private');
  await t.db
    .updateTable('artworks')
    .set({ private_file_key: privateFile.path })
    .where('id', '=', artworkIds[0]!)
    .execute();

  // A discount for the owner's discount routes to find (id 1, among the ids the generated paths try).
  const discount = await t.app.inject({
    method: 'POST',
    url: '/api/admin/discounts',
    payload: { kind: 'sale', name: 'Fixture sale', percentOff: 10, scope: 'artworks', artworkIds: [artworkIds[1]] },
    headers: as('owner'),
  });
  if (discount.statusCode !== 201) throw new Error(`fixture discount failed: ${discount.body}`);

  const order = await buyWithTestCard(t, cookies.customer, {
    items: [{ id: artworkIds[0]!, quantity: 1 }],
    email: CUSTOMER_EMAIL,
  });

  const known: KnownValues = {
    artworkIds,
    orderNumber: order.orderNumber,
    paymentIntentId: order.paymentIntentId,
    clientSecret: order.clientSecret,
    itemId: order.itemId,
    previewUrl: preview.url,
    privateFileKey: privateFile.path,
  };

  const rootsOfFiles = [path.join(t.dataDir, 'files'), path.join(t.dataDir, 'private')];
  return {
    ...t,
    routes,
    known,
    cookieOf: (role) => cookies[role],
    async keepSignedIn() {
      for (const role of ['customer', 'owner'] as const) {
        const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: as(role) });
        if (session.json<{ user: unknown }>().user === null) await signIn(role);
      }
    },
    async keepCatalogue() {
      const { count } = await t.db
        .selectFrom('artworks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      if (Number(count) >= CATALOGUE_SIZE) return;
      const added = await insertTestArtworks(t.db, [
        { title: 'Replacement', price: 12 },
        { title: 'Replacement two', price: 9 },
        { title: 'Replacement three', price: 30 },
      ]);
      known.artworkIds.splice(0, known.artworkIds.length, ...added);
    },
    async snapshot() {
      const [artworks, uploads, orders, items, discounts] = await Promise.all([
        t.db.selectFrom('artworks').selectAll().orderBy('id').execute(),
        t.db.selectFrom('uploads').selectAll().orderBy('key').execute(),
        t.db.selectFrom('orders').selectAll().orderBy('id').execute(),
        t.db.selectFrom('order_items').selectAll().orderBy('id').execute(),
        t.db.selectFrom('discounts').selectAll().orderBy('id').execute(),
      ]);
      return createHash('sha256').update(JSON.stringify({ artworks, uploads, orders, items, discounts })).digest('hex');
    },
    storedFiles() {
      return rootsOfFiles.flatMap((root) =>
        fs.existsSync(root)
          ? fs
              .readdirSync(root, { recursive: true, withFileTypes: true })
              .filter((e) => e.isFile())
              .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
          : [],
      );
    },
  };
}
