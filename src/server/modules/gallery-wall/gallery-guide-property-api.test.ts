import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtworkDetail } from '#shared/catalogue/artwork-schema.ts';
import { FRAME_STYLES } from '#shared/prints/framing.ts';
import { GALLERY_LAYOUTS } from '#shared/prints/gallery-layout.ts';
import { galleryProblems, planGalleryWall } from '#shared/prints/gallery-wall.ts';
import { fromInches, type WallUnit } from '#shared/prints/wall-units.ts';
import { wallSizeChoice, type WallSize } from '#shared/prints/wall-sizes.ts';
import { insertGalleryArtworks } from '#test-support/gallery-artworks.ts';
import { pdfText } from '#test-support/pdf-text.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// Generated arrangements (2 to 12 pieces, any of their sizes, every layout, both units, any gap, height and drop)
// sent to the endpoint; the PDF read back with pdftotext and its numbers parsed. Each one must be the layout
// module's exact length rounded to the shown step: never off by more than half a step (1/16 in, 0.25 cm).

/** A shown length back to a number: '12 3/8' → 12.375, '31.5' → 31.5. */
function parseLength(text: string): number {
  return text
    .split(' ')
    .map((part) => (part.includes('/') ? Number(part.split('/')[0]) / Number(part.split('/')[1]) : Number(part)))
    .reduce((sum, value) => sum + value, 0);
}

const NUMBER: Record<WallUnit, string> = { in: String.raw`(?:\d+ \d/\d|\d/\d|\d+)`, cm: String.raw`\d+(?:\.5)?` };

function expectShown(shown: string | undefined, inches: number, unit: WallUnit, what: string) {
  expect(shown, what).toBeDefined();
  const halfStep = unit === 'in' ? 1 / 16 : 0.25;
  expect(Math.abs(parseLength(shown!) - fromInches(inches, unit)), what).toBeLessThanOrEqual(halfStep + 1e-9);
}

interface Offered {
  artworkId: number;
  size: WallSize;
}

describe.each(TEST_ENGINES)('every generated hanging guide on %s', (engine) => {
  let t: TestApp;
  let offered: Offered[];

  beforeAll(async () => {
    t = await createTestApp(engine, { GALLERY_GUIDE_RATE_LIMIT: '100000' });
    const ids = await insertGalleryArtworks(t.db);
    offered = [];
    for (const id of ids) {
      const detail = (await t.app.inject({ url: `/api/artworks/${id}` })).json<ArtworkDetail>();
      const sizes = wallSizeChoice(detail).groups.flatMap((group) => group.sizes);
      expect(sizes.length).toBeGreaterThan(5);
      offered.push(...sizes.map((size) => ({ artworkId: id, size })));
    }
  });
  afterAll(() => t?.close());

  const stepsOf = (unit: WallUnit, high: number) =>
    fc.integer({ min: 0, max: high * (unit === 'in' ? 8 : 2) }).map((steps) => steps / (unit === 'in' ? 8 : 2));

  const caseArbitrary = fc.constantFrom<WallUnit>('in', 'cm').chain((unit) =>
    fc.record({
      pieces: fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 2, maxLength: 12 }),
      layout: fc.constantFrom(...GALLERY_LAYOUTS),
      frame: fc.constantFrom(...FRAME_STYLES),
      mat: fc.boolean(),
      unit: fc.constant(unit),
      gap: stepsOf(unit, unit === 'in' ? 12 : 30),
      centreHeight: unit === 'in' ? fc.integer({ min: 36, max: 84 }) : fc.integer({ min: 90, max: 215 }),
      hookDrop: stepsOf(unit, unit === 'in' ? 4 : 10),
    }),
  );

  it('states every frame, nail and distance as the layout module places them, or refuses what it would refuse', async () => {
    let printed = 0;
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async ({ pieces: picks, ...settings }) => {
        const chosen = picks.map((pick) => offered[pick % offered.length]!);
        const body = { ...settings, pieces: chosen.map((c) => ({ artworkId: c.artworkId, size: c.size.id })) };
        const response = await t.app.inject({ method: 'POST', url: '/api/gallery-wall/guide', payload: body });
        const plan = planGalleryWall(
          chosen.map((c) => c.size.sides),
          settings,
        );
        const problems = Object.keys(galleryProblems(plan, settings));
        if (problems.length > 0) {
          expect(response.statusCode).toBe(400);
          expect(Object.keys(response.json<{ details: object }>().details).sort()).toEqual(problems.sort());
          return;
        }
        expect(response.statusCode, response.body).toBe(200);
        printed += 1;
        const text = (await pdfText(response.rawPayload)).replace(/\s+/g, ' ');
        const { unit } = settings;
        const n = NUMBER[unit];
        const u = ` ${unit}`;
        const overall = new RegExp(`Overall size: (${n}) × (${n})${u}`).exec(text);
        expectShown(overall?.[1], plan.layout.width, unit, 'overall width');
        expectShown(overall?.[2], plan.layout.height, unit, 'overall height');

        for (const frame of plan.hanging.frames) {
          const number = frame.index + 1;
          const outer = new RegExp(`Outer size of frame ${number}: (${n}) × (${n})${u}`).exec(text);
          expectShown(outer?.[1], frame.width, unit, `frame ${number} width`);
          expectShown(outer?.[2], frame.height, unit, `frame ${number} height`);
          const corner = new RegExp(
            `Top-left corner of frame ${number}: (${n})${u} from the left, (${n})${u} from the top`,
          ).exec(text);
          expectShown(corner?.[1], frame.x, unit, `frame ${number} left`);
          expectShown(corner?.[2], frame.y, unit, `frame ${number} top`);
          const names = frame.nails.length === 1 ? ['Nail'] : ['Left nail', 'Right nail'];
          frame.nails.forEach((nail, index) => {
            const line = new RegExp(
              `${names[index]} for frame ${number}: (${n})${u} from the left, (${n})${u} from the top, (${n})${u} above the floor`,
            ).exec(text);
            expectShown(line?.[1], nail.x, unit, `frame ${number} nail ${index} left`);
            expectShown(line?.[2], nail.y, unit, `frame ${number} nail ${index} top`);
            expectShown(line?.[3], nail.fromFloor, unit, `frame ${number} nail ${index} floor`);
          });
          // No more nails than the plan's.
          expect(text).not.toContain(`${frame.nails.length === 1 ? 'Left nail' : 'Nail'} for frame ${number}:`);
        }
        for (const gap of plan.hanging.gaps) {
          const side = gap.side === 'right' ? 'side by side' : 'one above the other';
          const line = new RegExp(`Frame ${gap.from + 1} to frame ${gap.to + 1} \\(${side}\\): (${n})${u}`).exec(text);
          expectShown(line?.[1], gap.distance, unit, `gap ${gap.from + 1} → ${gap.to + 1}`);
        }
        expect(text.match(/ to frame \d+ \(/g) ?? []).toHaveLength(plan.hanging.gaps.length);
        // The frames the guide was printed from never overlap, and their bounding box is the overall size.
        const frames = plan.hanging.frames;
        frames.forEach((a, i) =>
          frames.slice(i + 1).forEach((b) => {
            const apart =
              a.x + a.width <= b.x + 1e-9 ||
              b.x + b.width <= a.x + 1e-9 ||
              a.y + a.height <= b.y + 1e-9 ||
              b.y + b.height <= a.y + 1e-9;
            expect(apart, `frames ${a.index + 1} and ${b.index + 1}`).toBe(true);
          }),
        );
        expect(Math.max(...frames.map((f) => f.x + f.width)) - Math.min(...frames.map((f) => f.x))).toBeCloseTo(
          plan.layout.width,
          9,
        );
        expect(Math.max(...frames.map((f) => f.y + f.height)) - Math.min(...frames.map((f) => f.y))).toBeCloseTo(
          plan.layout.height,
          9,
        );
      }),
      { numRuns: 25 },
    );
    // Most generated arrangements can be hung: the comparison above ran on real PDFs, not only on refusals.
    expect(printed).toBeGreaterThan(10);
  });
});
