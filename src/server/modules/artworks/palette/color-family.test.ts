import { describe, expect, it } from 'vitest';
import { COLOR_FAMILIES, COLOR_FAMILY_SWATCHES } from '#shared/catalogue/browse-facets.ts';
import { colorFamilyOf } from './color-family';

// Named colours and the family a shopper looks for them under. The edge cases are decisions (decision 0045):
// olive → green, salmon → pink, charcoal → gray, ivory → white, cream → beige, magenta → pink, CSS "chocolate"
// (#d2691e, an orange brown) → orange, the pale CSS "lavender" (#e6e6fa) → white.
const NAMED: Array<[string, string, string]> = [
  ['white', '#ffffff', 'white'],
  ['off-white', '#faf9f6', 'white'],
  ['ivory', '#fffff0', 'white'],
  ['lavender (CSS, #e6e6fa)', '#e6e6fa', 'white'],
  ['light gray', '#e0e0e0', 'gray'],
  ['silver', '#c0c0c0', 'gray'],
  ['charcoal', '#36454f', 'gray'],
  ['#333', '#333333', 'gray'],
  ['#222', '#222222', 'black'],
  ['black', '#000000', 'black'],
  ['near-black navy', '#111727', 'black'],
  ['red', '#ff0000', 'red'],
  ['crimson', '#dc143c', 'red'],
  ['maroon', '#800000', 'red'],
  ['burgundy', '#800020', 'red'],
  ['orange', '#ffa500', 'orange'],
  ['coral', '#ff7f50', 'orange'],
  ['terracotta', '#e2725b', 'orange'],
  ['chocolate (CSS, #d2691e)', '#d2691e', 'orange'],
  ['yellow', '#ffff00', 'yellow'],
  ['mustard', '#ffdb58', 'yellow'],
  ['gold', '#ffd700', 'yellow'],
  ['amber', '#ffbf00', 'yellow'],
  ['green', '#008000', 'green'],
  ['olive', '#808000', 'green'],
  ['sage', '#9caf88', 'green'],
  ['mint', '#98ff98', 'green'],
  ['dark green', '#013220', 'green'],
  ['teal', '#008080', 'teal'],
  ['turquoise', '#40e0d0', 'teal'],
  ['cyan', '#00ffff', 'teal'],
  ['aquamarine', '#7fffd4', 'teal'],
  ['navy', '#000080', 'blue'],
  ['sky blue', '#87ceeb', 'blue'],
  ['light blue', '#add8e6', 'blue'],
  ['steel blue', '#4682b4', 'blue'],
  ['slate blue-gray', '#4b5a6e', 'blue'],
  ['purple', '#800080', 'purple'],
  ['lavender (the flower)', '#b57edc', 'purple'],
  ['indigo', '#4b0082', 'purple'],
  ['plum', '#8e4585', 'purple'],
  ['dark plum', '#562e59', 'purple'],
  ['pink', '#ffc0cb', 'pink'],
  ['hot pink', '#ff69b4', 'pink'],
  ['salmon', '#fa8072', 'pink'],
  ['magenta', '#ff00ff', 'pink'],
  ['chocolate (#7b3f00)', '#7b3f00', 'brown'],
  ['saddle brown', '#8b4513', 'brown'],
  ['espresso', '#3c2218', 'brown'],
  ['khaki brown', '#94784e', 'brown'],
  ['tan', '#d2b48c', 'beige'],
  ['beige', '#f5f5dc', 'beige'],
  ['cream', '#fffdd0', 'beige'],
  ['khaki', '#c3b091', 'beige'],
];

describe('colorFamilyOf', () => {
  it.each(NAMED)('%s (%s) is %s', (_name, hex, family) => {
    expect(colorFamilyOf(hex)).toBe(family);
  });

  it("puts each family's own swatch in that family", () => {
    for (const family of COLOR_FAMILIES.filter((f) => f !== 'multicolor')) {
      expect(colorFamilyOf(COLOR_FAMILY_SWATCHES[family].hex), family).toBe(family);
    }
  });

  it('splits the grays into black, gray and white by lightness alone', () => {
    const families = Array.from({ length: 256 }, (_, v) =>
      colorFamilyOf(`#${v.toString(16).padStart(2, '0').repeat(3)}`),
    );
    // Dark to light: black, then gray, then white, each one run.
    expect([...new Set(families)]).toEqual(['black', 'gray', 'white']);
  });
});
