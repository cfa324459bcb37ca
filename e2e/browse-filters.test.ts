import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artworkOrientationOf,
  COLOR_FAMILIES,
  COLOR_FAMILY_SWATCHES,
  familiesOfPalette,
  FRAME_VALUES,
  frameSizeOf,
  orientationMatches,
  ORIENTATIONS,
  type ColorFamily,
  type Orientation,
  type PaletteColor,
} from '../src/shared/catalogue/browse-facets';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { storeOfThisFile } from './support/test-server';

// The shop's colour, orientation and "fits my frame" filters as a buyer uses them, checked against the API: the
// artworks shown are the API's answer to the same query, and each of them has the colour, shape or frame asked for
// by its own detail (palette, picture, print sizes). The values used are ones the demo catalogue has artworks for.

const { baseUrl } = await storeOfThisFile();
let browser: Browser;

interface ListAnswer {
  items: Array<{ id: number; category: string }>;
  total: number;
}
interface DetailAnswer {
  id: number;
  palette: PaletteColor[];
  printSizes: Array<{ sizes: Array<{ name: string }> }>;
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}
const list = (query: string) => api<ListAnswer>(`/api/artworks?limit=24&${query}`);
const detail = (id: number) => api<DetailAnswer>(`/api/artworks/${id}`);

/** The values of a filter with artworks, those that narrow the catalogue (a filter keeping all proves less) first. */
async function valuesWithResults<T extends string>(name: string, values: readonly T[], all: number): Promise<T[]> {
  const totals = await Promise.all(
    values.map(async (value) => ({ value, total: (await list(`${name}=${value}`)).total })),
  );
  const found = totals
    .filter(({ total }) => total > 0)
    .sort((a, b) => Number(a.total === all) - Number(b.total === all));
  return found.map(({ value }) => value);
}

/** A colour, an orientation and a frame the demo catalogue has artworks for, chosen once for every test. */
let known: { color: ColorFamily; orientation: Orientation; frame: string };

/**
 * The store reads the demo pictures' palettes (and the orientations the seed did not set) in the background after
 * it starts: waits (up to 100 s) until every artwork has its orientation (landscape counts the panoramic ones) and
 * its palette, so the counts stand still.
 */
async function waitForKnownValues(): Promise<typeof known> {
  const deadline = Date.now() + 100_000;
  for (;;) {
    const { items, total: all } = await api<ListAnswer>('/api/artworks?limit=100');
    const shapes = await Promise.all(
      ['portrait', 'landscape', 'square'].map(async (o) => (await list(`orientation=${o}`)).total),
    );
    const palettes = await Promise.all(items.map(async (item) => (await detail(item.id)).palette.length));
    if (shapes.reduce((sum, total) => sum + total, 0) === all && palettes.every((colours) => colours > 0)) {
      const [color] = await valuesWithResults(
        'color',
        COLOR_FAMILIES.filter((family) => family !== 'multicolor'),
        all,
      );
      const [orientation] = await valuesWithResults('orientation', ORIENTATIONS, all);
      const [frame] = await valuesWithResults('frame', FRAME_VALUES, all);
      if (!color || !orientation || !frame)
        throw new Error(`The demo catalogue has no ${color ? '' : 'colour '}${frame ? '' : 'frame'}`);
      return { color, orientation, frame };
    }
    if (Date.now() > deadline)
      throw new Error(
        `Orientations known for ${shapes.join(' + ')} of ${all} artworks, palettes for ${palettes.filter(Boolean).length}, after 100 s`,
      );
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** The ids of the cards on the page, in order. */
async function shownIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .locator('.artwork-card__link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => Number(href.replace('/artwork/', '')));
}

/** Waits until the page shows the API's answer to `query`: its artworks, and its total in the summary. */
async function expectResultsOf(page: Page, query: string): Promise<ListAnswer> {
  const answer = await list(query);
  expect(answer.total, `${query} has results`).toBeGreaterThan(0);
  await expect.poll(() => shownIds(page), { timeout: 10_000 }).toEqual(answer.items.map((item) => item.id));
  await page.getByText(`Showing ${answer.items.length} of ${answer.total} artworks`).waitFor();
  return answer;
}

const filtersPanel = (page: Page) => page.locator('#shop-filters');

/**
 * Opens the filters panel and waits until React has hydrated it (its fields carry React's props): before that a
 * press is recorded and replayed by the early-input script, and a check of a radio button's state right after the
 * click can see it unchanged on a loaded machine.
 */
async function openFilters(page: Page) {
  // Acts once the app has hydrated the page (html[data-ready]): a click before it is replayed by the early-input
  // recorder, but the panel's own state would then race the test's next step.
  await page.waitForSelector('html[data-ready]', { state: 'attached' });
  if (!(await filtersPanel(page).isVisible())) await page.getByRole('button', { name: /^Filters/ }).click();
  await filtersPanel(page).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  known = await waitForKnownValues();
});
afterAll(() => browser?.close());

describe('the shop’s colour, orientation and frame filters in Chromium', () => {
  it('filters by one colour at a time, in the URL, and clears it on a second click', async () => {
    const family = known.color;
    const { label } = COLOR_FAMILY_SWATCHES[family];
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${baseUrl}/shop`);
    await openFilters(page);
    const swatch = page.getByRole('button', { name: label, exact: true });
    await swatch.click();
    await page.waitForURL((url) => url.searchParams.get('color') === family);
    await expect.poll(() => swatch.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('group', { name: `Color: ${label}` }).waitFor();
    await page.getByRole('button', { name: `Remove filter: ${label}` }).waitFor();

    const answer = await expectResultsOf(page, `color=${family}`);
    for (const { id } of answer.items) {
      const families = familiesOfPalette((await detail(id)).palette);
      expect(families, `artwork ${id}'s colours`).toContain(family);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'browse-filters-colour-1280');

    await swatch.click();
    await page.waitForURL((url) => !url.searchParams.has('color'));
    await expect.poll(() => swatch.getAttribute('aria-pressed')).toBe('false');
    await expectResultsOf(page, '');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters by orientation: every picture shown has that shape', async () => {
    const { orientation } = known;
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${baseUrl}/shop?page=2`);
    await openFilters(page);
    await page.getByRole('radio', { name: new RegExp(`^${orientation}$`, 'i') }).click();
    // A new filter starts again at page 1.
    await page.waitForURL(
      (url) => url.searchParams.get('orientation') === orientation && !url.searchParams.has('page'),
    );
    await expectResultsOf(page, `orientation=${orientation}`);

    const pictures = await page.locator('.artwork-card img').evaluateAll((images) =>
      Promise.all(
        (images as HTMLImageElement[]).map(async (image) => {
          image.loading = 'eager';
          await image.decode();
          return { width: image.naturalWidth, height: image.naturalHeight, alt: image.alt };
        }),
      ),
    );
    expect(pictures.length).toBeGreaterThan(0);
    for (const picture of pictures) {
      const shape = artworkOrientationOf(picture.width, picture.height);
      expect(orientationMatches(orientation, shape), `${picture.alt} is ${shape}`).toBe(true);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters by a frame the buyer has, combined with a category, and the chips and Clear All undo it', async () => {
    const { frame } = known;
    const size = frameSizeOf(frame)!;
    const category = (await list(`frame=${frame}`)).items[0]!.category;
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${baseUrl}/shop?sort=price-low`);
    await openFilters(page);
    await page.getByRole('combobox', { name: 'Fits my frame' }).selectOption(frame);
    await page.waitForURL((url) => url.searchParams.get('frame') === frame);
    await page.getByRole('combobox', { name: 'Category' }).selectOption(category);
    await page.waitForURL((url) => url.searchParams.get('category') === category);
    const url = new URL(page.url());
    expect(url.searchParams.get('sort')).toBe('price-low');

    const answer = await expectResultsOf(page, `frame=${frame}&category=${category}&sort=price-low`);
    for (const item of answer.items) {
      expect(item.category).toBe(category);
      const sizes = (await detail(item.id)).printSizes.flatMap((ratio) => ratio.sizes.map((s) => s.name));
      expect(sizes, `artwork ${item.id}'s print sizes`).toContain(size.name);
    }

    // The chip removes the frame alone; Clear All the rest.
    await page.getByRole('button', { name: `Remove filter: Fits ${size.name}` }).click();
    await page.waitForURL((next) => !next.searchParams.has('frame') && next.searchParams.get('category') === category);
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await page.waitForURL(`${baseUrl}/shop`);
    expect(await page.getByRole('combobox', { name: 'Fits my frame' }).inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leads from an artwork’s palette swatch to the shop of that colour', async () => {
    const family = known.color;
    const id = (await list(`color=${family}`)).items[0]!.id;
    const palette = (await detail(id)).palette;
    expect(palette.length).toBeGreaterThan(0);
    const first = palette[0]!;
    const name = `Shop ${COLOR_FAMILY_SWATCHES[first.family].label.toLowerCase()} art`;

    const { page, errors, context } = await openPage(browser);
    await page.goto(`${baseUrl}/artwork/${id}`);
    const swatch = page.getByRole('link', { name }).first();
    expect(await swatch.getAttribute('title')).toBe(first.hex);
    expect(await page.locator('.palette-swatches a').count()).toBe(palette.length);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await swatch.click();
    await page.waitForURL(`${baseUrl}/shop?color=${first.family}`);
    await expectResultsOf(page, `color=${first.family}`);
    expect(
      await page
        .getByRole('button', { name: COLOR_FAMILY_SWATCHES[first.family].label, exact: true })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders the filtered results and the chosen controls on the server, before any script', async () => {
    const { color } = known;
    // A colour, an orientation and a frame that some artwork has together, so there are results to find.
    const queries = ORIENTATIONS.flatMap((orientation) =>
      FRAME_VALUES.map((frame) => ({
        orientation,
        frame,
        query: `color=${color}&orientation=${orientation}&frame=${frame}`,
      })),
    );
    let chosen: (typeof queries)[number] | undefined;
    for (const candidate of queries) {
      if ((await list(candidate.query)).total > 0) {
        chosen = candidate;
        break;
      }
    }
    if (!chosen) throw new Error(`No ${color} artwork has an orientation and a frame`);
    // As a browser asks for a page (a request without `accept: text/html` gets the API's 404).
    const html = await (await fetch(`${baseUrl}/shop?${chosen.query}`, { headers: { accept: 'text/html' } })).text();
    const answer = await list(chosen.query);
    const ids = [...html.matchAll(/href="\/artwork\/(\d+)"/g)].map((match) => Number(match[1]));
    expect(ids).toEqual(answer.items.map((item) => item.id));
    expect(html).toContain(`Showing ${answer.items.length} of ${answer.total} artworks`);
    // The panel is open and says what is chosen: the swatch pressed, the radio checked, the frame selected.
    expect(html).toContain('id="shop-filters"');
    const tags = (name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? [];
    const pressed = tags('button').filter((tag) => tag.includes('aria-pressed="true"'));
    expect(pressed.map((tag) => /aria-label="([^"]*)"/.exec(tag)?.[1])).toEqual([COLOR_FAMILY_SWATCHES[color].label]);
    const checked = tags('input').filter((tag) => tag.includes('type="radio"') && /\schecked(=""|\s|>|\/)/.test(tag));
    expect(checked.map((tag) => /value="([^"]*)"/.exec(tag)?.[1])).toEqual([chosen.orientation]);
    const selected = tags('option').filter((tag) => /\sselected(=""|\s|>|\/)/.test(tag));
    expect(selected.map((tag) => /value="([^"]*)"/.exec(tag)?.[1])).toContain(chosen.frame);
  });

  it('fits a phone: the filters open in the panel, a colour chosen, no sideways scrolling', async () => {
    const family = known.color;
    const { page, errors, context } = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/shop`);
    await screenshot(page, 'browse-filters-closed-390');
    await openFilters(page);
    await page.getByRole('button', { name: COLOR_FAMILY_SWATCHES[family].label, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('color') === family);
    await expectResultsOf(page, `color=${family}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'browse-filters-open-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
