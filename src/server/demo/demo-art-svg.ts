import type { CategoryId } from '../../shared/catalogue/categories';
import { between, pick, type Random } from './random';
import { PIXEL_FONT_HEIGHT, pixelWordRects } from './pixel-font';

// Demo artworks are drawn by code as SVG, one style per category, so the demo needs no image from anywhere. Each is
// laid out in a box of its aspect (demo-aspects.ts: the short side 840 units): positions follow the box's width and
// height, sizes its short side, so a panorama gets a wider scene rather than a stretched one (demo-picture.ts makes
// the documents).

// Translucency is fill-opacity or stroke-opacity on the one shape, never opacity: librsvg draws an element with
// opacity into a surface of its own, as large as the whole picture, so a 14400 × 4800 master's nature took 483 MB.

/** The box a composition fills: W × H units, and `u`, its short side's scale against the 800 units it was drawn for. */
export interface Box {
  W: number;
  H: number;
  u: number;
}

export type Palette = readonly string[];
const color = (palette: Palette, index: number) => palette[index % palette.length] as string;
const f = (n: number) => n.toFixed(1);

function nature(r: Random, p: Palette, { W, H, u }: Box): string {
  const layers: string[] = [];
  const step = 100 * u;
  for (let layer = 0; layer < 4; layer++) {
    const base = H * (0.52 + layer * 0.11);
    let d = `M0 ${f(H)} L0 ${f(base)}`;
    for (let x = 0; x <= W + step; x += step) d += ` L${f(x)} ${f(base - between(r, 40, 220 - layer * 35) * u)}`;
    d += ` L${f(W + step)} ${f(H)} Z`;
    layers.push(`<path d="${d}" fill="${color(p, layer + 1)}" fill-opacity="${0.75 + layer * 0.08}"/>`);
  }
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color(p, 0)}"/><stop offset="1" stop-color="${color(p, 1)}"/></linearGradient></defs>
  <rect width="${f(W)}" height="${f(H)}" fill="url(#sky)"/>
  <circle cx="${f(between(r, 0.25, 0.75) * W)}" cy="${f(between(r, 0.22, 0.36) * H)}" r="${f(between(r, 70, 130) * u)}" fill="#fff8e7" fill-opacity="0.9"/>
  ${layers.join('')}`;
}

// A blur has no detail a larger drawing would show, and librsvg blurs at the drawing's own size: a print master
// drawn whole at 4800 px took 74 s and 774 MB. So the blurred layer is its own picture ('soft'), drawn small and
// enlarged under the sharp strokes (demo-master.ts); the previews draw both as one SVG.
function abstract(r: Random, p: Palette, { W, H, u }: Box): Layers {
  // As many fields for each 800 × 1000 of the box, so a panorama is as full as an upright one.
  const count = Math.max(7, Math.round((7 * W * H) / (800 * 1000 * u * u)));
  const blobs = Array.from({ length: count }, (_, i) => {
    const cx = between(r, 0.1, 0.9) * W;
    const cy = between(r, 0.08, 0.92) * H;
    return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(between(r, 120, 300) * u)}" ry="${f(between(r, 100, 260) * u)}" fill="${color(p, 1 + (i % 4))}" fill-opacity="0.8" transform="rotate(${f(between(r, 0, 180))} ${f(cx)} ${f(cy)})"/>`;
  });
  const strokes = Array.from({ length: 3 }, (_, i) => {
    const y = between(r, 0.15, 0.85) * H;
    const swing = 0.3 * H;
    return `<path d="M${f(-20 * u)} ${f(y)} C ${f(0.31 * W)} ${f(y - swing)}, ${f(0.69 * W)} ${f(y + swing)}, ${f(W + 20 * u)} ${f(y - 0.08 * H)}" stroke="${color(p, i + 2)}" stroke-width="${f(between(r, 8, 26) * u)}" fill="none" stroke-linecap="round"/>`;
  });
  return {
    soft: `<defs><filter id="soft"><feGaussianBlur stdDeviation="${f(40 * u)}"/></filter></defs>
  <rect width="${f(W)}" height="${f(H)}" fill="${color(p, 0)}"/>
  <g filter="url(#soft)">${blobs.join('')}</g>`,
    crisp: strokes.join(''),
  };
}

function urban(r: Random, p: Palette, { W, H, u }: Box): string {
  const buildings: string[] = [];
  const ground = 0.82 * H;
  let x = -10 * u;
  while (x < W) {
    const width = between(r, 60, 130) * u;
    const height = between(r, 0.25, 0.62) * H;
    const top = ground - height;
    buildings.push(
      `<rect x="${f(x)}" y="${f(top)}" width="${f(width)}" height="${f(height + 0.2 * H)}" fill="${color(p, r() > 0.5 ? 1 : 3)}"/>`,
    );
    for (let wy = top + 20 * u; wy < ground - 20 * u; wy += 34 * u) {
      for (let wx = x + 12 * u; wx < x + width - 16 * u; wx += 24 * u) {
        if (r() > 0.55)
          buildings.push(
            `<rect x="${f(wx)}" y="${f(wy)}" width="${f(10 * u)}" height="${f(16 * u)}" fill="${color(p, 2)}" fill-opacity="${f(between(r, 0.5, 1))}"/>`,
          );
      }
    }
    x += width + between(r, 2, 14) * u;
  }
  return `<defs><linearGradient id="night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color(p, 0)}"/><stop offset="1" stop-color="${color(p, 4)}"/></linearGradient></defs>
  <rect width="${f(W)}" height="${f(H)}" fill="url(#night)"/>
  <circle cx="${f(between(r, 0.15, 0.85) * W)}" cy="${f(0.16 * H)}" r="${f(60 * u)}" fill="${color(p, 2)}" fill-opacity="0.85"/>
  ${buildings.join('')}<rect y="${f(ground)}" width="${f(W)}" height="${f(H - ground)}" fill="${color(p, 0)}" fill-opacity="0.85"/>`;
}

function leaf(cx: number, cy: number, length: number, angle: number, fill: string, vein: string, u: number): string {
  const w = length * 0.32;
  return `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f(angle)})">
    <path d="M0 0 C ${f(w)} ${f(-length * 0.3)}, ${f(w)} ${f(-length * 0.75)}, 0 ${f(-length)} C ${f(-w)} ${f(-length * 0.75)}, ${f(-w)} ${f(-length * 0.3)}, 0 0 Z" fill="${fill}"/>
    <path d="M0 0 L0 ${f(-length * 0.95)}" stroke="${vein}" stroke-width="${f(3 * u)}" stroke-opacity="0.6"/></g>`;
}

/** A fan of leaves from a pot, one pot for each height's worth of width: a wide picture is a row of them. */
function botanical(r: Random, p: Palette, { W, H, u }: Box): string {
  const pots = Math.max(1, Math.round(W / H));
  const reach = Math.min(H, (1.1 * W) / pots);
  const plants = Array.from({ length: pots }, (_, k) => {
    const cx = (W * (k + 0.5)) / pots;
    const leaves = Array.from({ length: 9 }, (_, i) =>
      leaf(
        cx + between(r, -40, 40) * u,
        0.9 * H,
        between(r, 0.34, 0.6) * reach,
        -70 + i * 17 + between(r, -6, 6),
        color(p, 1 + (i % 3)),
        color(p, 0),
        u,
      ),
    );
    return `${leaves.join('')}<rect x="${f(cx - 80 * u)}" y="${f(0.88 * H)}" width="${f(160 * u)}" height="${f(0.12 * H)}" rx="${f(10 * u)}" fill="${color(p, 4)}"/>`;
  });
  return `<rect width="${f(W)}" height="${f(H)}" fill="${color(p, 0)}"/>
  <circle cx="${f(between(r, 0.22, 0.78) * W)}" cy="${f(between(r, 0.2, 0.32) * H)}" r="${f(between(r, 90, 150) * u)}" fill="${color(p, 4)}" fill-opacity="0.55"/>
  ${plants.join('')}`;
}

/** Tiles of about a quarter of the short side, stretched a little so a whole number of them fills the box. */
function geometric(r: Random, p: Palette, { W, H }: Box): string {
  const cells: string[] = [];
  const side = Math.min(W, H) / 4;
  const [cols, rows] = [Math.round(W / side), Math.round(H / side)];
  const [w, h] = [W / cols, H / rows];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const [x, y] = [col * w, row * h];
      const fill = color(p, 1 + Math.floor(r() * 4));
      cells.push(
        `<rect x="${f(x)}" y="${f(y)}" width="${f(w + 0.5)}" height="${f(h + 0.5)}" fill="${r() > 0.6 ? color(p, 0) : color(p, 1 + Math.floor(r() * 4))}"/>`,
      );
      const shape = Math.floor(r() * 4);
      if (shape === 0)
        cells.push(`<circle cx="${f(x + w / 2)}" cy="${f(y + h / 2)}" r="${f(0.4 * Math.min(w, h))}" fill="${fill}"/>`);
      if (shape === 1)
        cells.push(`<path d="M${f(x)} ${f(y + h)} L${f(x + w)} ${f(y + h)} L${f(x + w)} ${f(y)} Z" fill="${fill}"/>`);
      if (shape === 2)
        cells.push(
          `<path d="M${f(x)} ${f(y)} A ${f(w)} ${f(h)} 0 0 1 ${f(x + w)} ${f(y + h)} L ${f(x)} ${f(y + h)} Z" fill="${fill}"/>`,
        );
      if (shape === 3)
        cells.push(
          `<path d="M${f(x)} ${f(y + h / 2)} A ${f(w / 2)} ${f(h / 2)} 0 0 1 ${f(x + w)} ${f(y + h / 2)} Z" fill="${fill}"/>`,
        );
    }
  }
  return cells.join('');
}

const WORDS = ['LOVE', 'HOME', 'JOY', 'DREAM', 'CALM', 'HELLO', 'YES', 'ART', 'STAY', 'HOPE'];

function typography(r: Random, p: Palette, { W, H, u }: Box): string {
  const word = pick(r, WORDS);
  // As large as fits four fifths of the width and half the height, at most 36 units a square (as drawn for 4:5).
  const pixel = Math.floor(Math.min((0.8 * W) / (word.length * 6), (0.5 * H) / PIXEL_FONT_HEIGHT, 36 * u));
  const width = word.length * 6 * pixel - pixel;
  const x0 = (W - width) / 2;
  const y0 = (H - PIXEL_FONT_HEIGHT * pixel) / 2;
  const inset = 60 * u;
  const letters = pixelWordRects(word, x0, y0, pixel).map(
    (c) => `<rect x="${f(c.x)}" y="${f(c.y)}" width="${pixel + 0.5}" height="${pixel + 0.5}" fill="${color(p, 1)}"/>`,
  );
  return `<rect width="${f(W)}" height="${f(H)}" fill="${color(p, 0)}"/>
  <rect x="${f(inset)}" y="${f(inset)}" width="${f(W - 2 * inset)}" height="${f(H - 2 * inset)}" fill="none" stroke="${color(p, 2)}" stroke-width="${f(6 * u)}"/>
  <rect x="${f(x0)}" y="${f(y0 + PIXEL_FONT_HEIGHT * pixel + 40 * u)}" width="${f(width)}" height="${f(12 * u)}" fill="${color(p, 2)}"/>
  ${letters.join('')}`;
}

function minimalist(r: Random, p: Palette, { W, H, u }: Box): string {
  const horizon = between(r, 0.56, 0.7) * H;
  const cx = W / 2;
  // The arch: half an upright box's width wide (never more than half its height), its crown a twelfth below the top
  // at the highest.
  const a = Math.min(0.25 * W, 0.25 * H);
  const top = Math.max(H / 12 + a, horizon - 1.3 * a);
  const lineHalf = Math.min(0.35 * W, 0.7 * H);
  const curveHalf = Math.min(0.275 * W, 0.5 * H);
  return `<rect width="${f(W)}" height="${f(H)}" fill="${color(p, 0)}"/>
  <path d="M${f(cx - a)} ${f(horizon)} L${f(cx - a)} ${f(top)} A ${f(a)} ${f(a)} 0 0 1 ${f(cx + a)} ${f(top)} L${f(cx + a)} ${f(horizon)} Z" fill="${color(p, 4)}"/>
  <circle cx="${f(cx + between(r, -0.5, 0.5) * a)}" cy="${f(top - between(r, -0.2, 0.6) * a)}" r="${f(between(r, 60, 95) * u)}" fill="${color(p, 2)}"/>
  <rect x="${f(cx - lineHalf)}" y="${f(horizon)}" width="${f(2 * lineHalf)}" height="${f(4 * u)}" fill="${color(p, 1)}"/>
  <path d="M${f(cx - curveHalf)} ${f(horizon + 0.12 * H)} Q ${f(cx)} ${f(horizon + 0.04 * H)} ${f(cx + curveHalf)} ${f(horizon + 0.12 * H)}" stroke="${color(p, 3)}" stroke-width="${f(3 * u)}" fill="none"/>`;
}

function vintage(r: Random, p: Palette, { W, H, u }: Box): string {
  const rays: string[] = [];
  const [cx, cy] = [W / 2, 0.72 * H];
  const reach = Math.hypot(W, H);
  // More rays across a wide box, so each stays as narrow as in an upright one.
  const count = Math.max(18, Math.round((18 * W) / H / 0.8));
  for (let i = 0; i < count; i++) {
    const a1 = Math.PI + (i / count) * Math.PI;
    const a2 = Math.PI + ((i + 0.5) / count) * Math.PI;
    rays.push(
      `<path d="M${f(cx)} ${f(cy)} L${f(cx + reach * Math.cos(a1))} ${f(cy + reach * Math.sin(a1))} L${f(cx + reach * Math.cos(a2))} ${f(cy + reach * Math.sin(a2))} Z" fill="${color(p, 2)}" fill-opacity="0.35"/>`,
    );
  }
  const band = 0.07 * H;
  const bands = [0, 1, 2, 3].map(
    (i) => `<rect x="0" y="${f(cy + i * band)}" width="${f(W)}" height="${f(band + 0.5)}" fill="${color(p, 1 + i)}"/>`,
  );
  const inset = 24 * u;
  return `<rect width="${f(W)}" height="${f(H)}" fill="${color(p, 0)}"/>${rays.join('')}
  <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(Math.min(between(r, 180, 240) * u, 0.6 * cy))}" fill="${color(p, 1)}"/>${bands.join('')}
  <rect x="${f(inset)}" y="${f(inset)}" width="${f(W - 2 * inset)}" height="${f(H - 2 * inset)}" fill="none" stroke="${color(p, 4)}" stroke-width="${f(8 * u)}" stroke-opacity="0.6"/>`;
}

function modern(r: Random, p: Palette, { W, H, u }: Box): string {
  const shapes: string[] = [];
  const count = Math.max(6, Math.round((6 * W * H) / (800 * 1000 * u * u)));
  for (let i = 0; i < count; i++) {
    const fill = color(p, 1 + (i % 4));
    const x = between(r, 40 * u, W - 200 * u);
    const y = between(r, 40 * u, H - 200 * u);
    shapes.push(
      r() > 0.5
        ? `<rect x="${f(x)}" y="${f(y)}" width="${f(between(r, 120, 320) * u)}" height="${f(between(r, 120, 320) * u)}" fill="${fill}" transform="rotate(${f(between(r, -20, 20))} ${f(x)} ${f(y)})"/>`
        : `<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(r, 60, 170) * u)}" fill="${fill}"/>`,
    );
  }
  const step = 50 * u;
  let zigzag = `M${f(60 * u)} ${f(between(r, 0.2, 0.8) * H)}`;
  for (let i = 0; 60 * u + (i + 1) * step <= W - 60 * u; i++)
    zigzag += ` l${f(step)} ${f((i % 2 === 0 ? -40 : 40) * u)}`;
  const dots = Array.from(
    { length: 36 },
    (_, i) =>
      `<circle cx="${f(W - 240 * u + (i % 6) * 30 * u)}" cy="${f((80 + Math.floor(i / 6) * 30) * u)}" r="${f(6 * u)}" fill="${color(p, 3)}"/>`,
  );
  return `<rect width="${f(W)}" height="${f(H)}" fill="${color(p, 0)}"/>${shapes.join('')}${dots.join('')}
  <path d="${zigzag}" stroke="${color(p, 3)}" stroke-width="${f(14 * u)}" fill="none" stroke-linejoin="round"/>`;
}

/** A still life in a niche, drawn for 800 × 1000 and set in the middle of the box at the largest size that fits. */
function classic(r: Random, p: Palette, { W, H, u }: Box): string {
  const k = Math.min(W / 800, H / 1000);
  const [tx, ty] = [(W - 800 * k) / 2, (H - 1000 * k) / 2];
  const fruits = Array.from(
    { length: 4 },
    (_, i) =>
      `<circle cx="${f(250 + i * 90 + between(r, -15, 15))}" cy="${f(800 - between(r, 0, 30))}" r="${f(between(r, 38, 58))}" fill="${color(p, i % 2 === 0 ? 2 : 4)}"/>`,
  );
  const inset = 30 * u;
  return `<defs><radialGradient id="glow" cx="0.5" cy="0.35" r="0.7"><stop offset="0" stop-color="${color(p, 3)}" stop-opacity="0.35"/><stop offset="1" stop-color="${color(p, 0)}" stop-opacity="0"/></radialGradient></defs>
  <rect width="${f(W)}" height="${f(H)}" fill="${color(p, 0)}"/><rect width="${f(W)}" height="${f(H)}" fill="url(#glow)"/>
  <rect x="${f(0.15 * W)}" y="${f(ty + 820 * k)}" width="${f(0.7 * W)}" height="${f(40 * k)}" fill="${color(p, 1)}" fill-opacity="0.8"/>
  <g transform="translate(${f(tx)} ${f(ty)}) scale(${k.toFixed(4)})">
  <path d="M220 760 L220 330 A 180 180 0 0 1 580 330 L580 760 Z" fill="${color(p, 4)}" fill-opacity="0.7" stroke="${color(p, 1)}" stroke-width="14"/>
  <path d="M360 560 C 300 600, 310 720, 400 760 C 490 720, 500 600, 440 560 L430 480 L370 480 Z" fill="${color(p, 1)}"/>${fruits.join('')}</g>
  <rect x="${f(inset)}" y="${f(inset)}" width="${f(W - 2 * inset)}" height="${f(H - 2 * inset)}" fill="none" stroke="${color(p, 1)}" stroke-width="${f(16 * u)}"/>`;
}

/** A composition in two layers: a blurred one under ('soft', drawn small for a print) and the sharp one over it. */
export interface Layers {
  soft: string;
  crisp: string;
}

export const COMPOSERS: Record<CategoryId, (r: Random, p: Palette, box: Box) => string | Layers> = {
  nature,
  abstract,
  urban,
  botanical,
  geometric,
  typography,
  minimalist,
  vintage,
  modern,
  classic,
};
