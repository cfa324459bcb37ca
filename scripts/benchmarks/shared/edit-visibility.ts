// The target "a catalogue change (owner edit) is visible to every visitor on every instance within 5 s", for
// npm run bench:http: two store processes on one DATA_DIR, the owner renames an artwork through the API of the
// first, and anonymous visitors poll both until each URL shows the new title. It only observes: whatever cache
// the store keeps is left to expire or be invalidated by the store itself.
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { bodyText, getRaw } from './raw-http';
import { expect as expectStatus } from './store-http';

/** How often each URL is asked again, from the start of one request to the start of the next. */
const POLL_EVERY_MS = 50;
/** Before the edit: each URL this many times on each instance, so that any cache of it is filled. */
const PRIMING_REQUESTS = 3;

export interface Instance {
  /** e.g. `A (edited on)`. */
  name: string;
  origin: string;
}

export interface VisibilityUrl {
  label: string;
  path: string;
  headers: Record<string, string>;
}

export interface VisibilityRow {
  instance: string;
  label: string;
  /** From the moment the owner's edit was sent to the first answer with the new title; null: not within the limit. */
  seconds: number | null;
  polls: number;
}

export interface EditVisibility {
  artworkId: number;
  newTitle: string;
  /** How long the owner's PUT took to be answered. */
  editSeconds: number;
  limitSeconds: number;
  rows: VisibilityRow[];
}

/** The few entities the store's pages use for a title (escapeMarkup's and React's), so a page is read as text. */
function unescapeMarkup(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_match, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] ?? "'",
  );
}

async function visibleText(origin: string, url: VisibilityUrl): Promise<string> {
  const answer = await getRaw(`${origin}${url.path}`, url.headers, { timeoutMs: 30_000 });
  if (answer.status !== 200) throw new Error(`GET ${url.path} answered ${answer.status}`);
  return unescapeMarkup(bodyText(answer));
}

/** Each instance answers each URL a few times and shows the artwork's current title (else the poll would prove nothing). */
async function prime(instances: Instance[], urls: VisibilityUrl[], title: string): Promise<void> {
  for (const instance of instances) {
    for (const url of urls) {
      let text = '';
      for (let i = 0; i < PRIMING_REQUESTS; i++) text = await visibleText(instance.origin, url);
      if (!text.includes(title))
        throw new Error(
          `${instance.name}: ${url.label} does not show the artwork's title "${title}", so it cannot show its change`,
        );
    }
  }
}

async function pollUntilVisible(
  instance: Instance,
  url: VisibilityUrl,
  title: string,
  sentAt: number,
  limitMs: number,
): Promise<VisibilityRow> {
  let polls = 0;
  while (performance.now() - sentAt < limitMs) {
    const started = performance.now();
    polls++;
    if ((await visibleText(instance.origin, url)).includes(title)) {
      return { instance: instance.name, label: url.label, seconds: (performance.now() - sentAt) / 1000, polls };
    }
    await sleep(Math.max(0, started + POLL_EVERY_MS - performance.now()));
  }
  return { instance: instance.name, label: url.label, seconds: null, polls };
}

/**
 * Renames artwork `artworkId` through the owner's API on the first instance and times, per instance and URL, how
 * long until an anonymous visitor sees the new name; then gives the artwork its name back.
 */
export async function measureEditVisibility(
  instances: Instance[],
  ownerCookie: string,
  artworkId: number,
  urls: VisibilityUrl[],
  limitMs: number,
): Promise<EditVisibility> {
  const [editedOn] = instances;
  if (!editedOn) throw new Error('No instance to edit on');
  const { body: artwork } = await expectStatus<{ title: string }>(
    200,
    editedOn.origin,
    'GET',
    `/api/admin/artworks/${artworkId}`,
    { cookie: ownerCookie },
  );
  await prime(instances, urls, artwork.title);

  // Letters and digits only: the same in HTML and JSON, and in no other artwork's title.
  const newTitle = `Bench edit ${randomBytes(5).toString('hex')}`;
  const sentAt = performance.now();
  const edit = expectStatus<unknown>(200, editedOn.origin, 'PUT', `/api/artworks/${artworkId}`, {
    cookie: ownerCookie,
    body: { title: newTitle },
  }).then(() => (performance.now() - sentAt) / 1000);
  const polls = instances.flatMap((instance) =>
    urls.map((url) => pollUntilVisible(instance, url, newTitle, sentAt, limitMs)),
  );
  const [editSeconds, rows] = await Promise.all([edit, Promise.all(polls)]);

  await expectStatus<unknown>(200, editedOn.origin, 'PUT', `/api/artworks/${artworkId}`, {
    cookie: ownerCookie,
    body: { title: artwork.title },
  });
  return { artworkId, newTitle, editSeconds, limitSeconds: limitMs / 1000, rows };
}
