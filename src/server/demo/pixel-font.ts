// A 5 x 7 block font for the typography demo prints: drawn as squares, so no installed font is needed.
export const PIXEL_FONT_HEIGHT = 7;

const GLYPHS: Record<string, string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
};

/** The top-left corner of every filled square of `word`, letters 6 squares apart. */
export function pixelWordRects(word: string, x0: number, y0: number, pixel: number): Array<{ x: number; y: number }> {
  const cells: Array<{ x: number; y: number }> = [];
  [...word].forEach((letter, index) => {
    const rows = GLYPHS[letter];
    if (!rows) throw new Error(`No pixel glyph for '${letter}'`);
    rows.forEach((row, y) => {
      [...row].forEach((bit, x) => {
        if (bit === '1') cells.push({ x: x0 + (index * 6 + x) * pixel, y: y0 + y * pixel });
      });
    });
  });
  return cells;
}
