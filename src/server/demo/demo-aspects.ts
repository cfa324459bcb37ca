import type { CategoryId } from '../../shared/catalogue/categories';
import type { Size } from '../../shared/prints/ratio-crop';

// The shape of each demo artwork: most upright, as wall art mostly is, some landscape, square or panoramic, so the
// shop has every orientation to browse. Fixed per category and place, not drawn at random, so the mix is the same
// on every machine and stays as planned: 38 portrait, 12 landscape, 6 square, 4 panoramic of the 60.

/** Width : height, the way up the picture is shown. */
export interface DemoAspect {
  across: number;
  down: number;
}

const aspect = (label: string): DemoAspect => {
  const [across, down] = label.split(':').map(Number) as [number, number];
  return { across, down };
};

/** The aspect of the i-th artwork of each category (DEMO_ARTWORKS_PER_CATEGORY of them). */
const PLAN: Record<CategoryId, readonly string[]> = {
  nature: ['4:5', '3:2', '3:1', '2:3', '4:3', '3:4'],
  abstract: ['1:1', '2:3', '4:5', '5:4', '3:4', '2:1'],
  urban: ['2:3', '2:1', '3:2', '4:5', '3:4', '4:3'],
  botanical: ['2:3', '4:5', '1:1', '3:4', '3:2', '2:3'],
  // The first, Bauhaus Forms, is the one drawn large (demo-master-size.ts): it stays 4:5.
  geometric: ['4:5', '1:1', '3:4', '3:2', '2:3', '4:5'],
  typography: ['3:4', '4:5', '1:1', '2:3', '5:4', '4:5'],
  minimalist: ['4:5', '3:1', '2:3', '3:2', '3:4', '4:5'],
  vintage: ['2:3', '4:3', '4:5', '3:4', '1:1', '2:3'],
  modern: ['1:1', '3:4', '3:2', '4:5', '2:3', '4:5'],
  classic: ['3:4', '4:5', '2:3', '5:4', '4:5', '3:4'],
};

/** The stock pictures and anything drawn without a plan: the 4:5 the demo was first drawn at. */
export const DEFAULT_DEMO_ASPECT: DemoAspect = { across: 4, down: 5 };

export function demoAspectOf(category: CategoryId, index: number): DemoAspect {
  const plan = PLAN[category];
  return aspect(plan[index % plan.length] as string);
}

export const aspectLabel = ({ across, down }: DemoAspect) => `${across}:${down}`;

/**
 * The drawing's own units: the short side 840, which every aspect above divides (2, 3, 4, 5), so the long side is
 * whole too; compositions place things in this box.
 */
export const CANVAS_SHORT_SIDE = 840;

export function canvasOf({ across, down }: DemoAspect): Size {
  return across >= down
    ? { width: (CANVAS_SHORT_SIDE * across) / down, height: CANVAS_SHORT_SIDE }
    : { width: CANVAS_SHORT_SIDE, height: (CANVAS_SHORT_SIDE * down) / across };
}

/** A picture `width` pixels wide in this aspect: the height rounded to whole pixels. */
export const heightAt = (width: number, { across, down }: DemoAspect) => Math.round((width * down) / across);
