import type { CategoryId } from '../../shared/categories';
import { between, pick, type Random } from './random';
import { PIXEL_FONT_HEIGHT, pixelWordRects } from './pixel-font';

// Demo artworks are drawn by code as SVG, one style per category, so the demo needs no image from anywhere.
// Canvas: 800 x 1000 (a 4:5 print), rendered larger by sharp.
export const ART_WIDTH = 800;
export const ART_HEIGHT = 1000;

const PALETTES: Record<CategoryId, string[][]> = {
  nature: [
    ['#fde8c8', '#f6a96b', '#7a9e7e', '#4a6e5a', '#2b4539'],
    ['#dbeafe', '#93c5fd', '#64748b', '#475569', '#1e293b'],
    ['#fef3c7', '#f59e0b', '#b45309', '#78350f', '#451a03'],
  ],
  abstract: [
    ['#fdf2f8', '#f472b6', '#8b5cf6', '#06b6d4', '#facc15'],
    ['#0f172a', '#f43f5e', '#fb923c', '#a3e635', '#38bdf8'],
    ['#fff7ed', '#ea580c', '#0d9488', '#1e3a8a', '#f9a8d4'],
  ],
  urban: [
    ['#0b1026', '#1f2a5a', '#f5d76e', '#2d3a6b', '#ff6ec7'],
    ['#1a1a2e', '#16213e', '#e94560', '#0f3460', '#f8e16c'],
    ['#f3e9dc', '#c08552', '#5e3023', '#895737', '#dab49d'],
  ],
  botanical: [
    ['#f7f3e9', '#2f5d50', '#4f8a6e', '#a3c9a8', '#d9a441'],
    ['#fbf7f0', '#1b4332', '#40916c', '#95d5b2', '#e76f51'],
    ['#eef4ed', '#386641', '#6a994e', '#a7c957', '#bc4749'],
  ],
  geometric: [
    ['#f4efe6', '#e63946', '#1d3557', '#f1c453', '#457b9d'],
    ['#fefae0', '#283618', '#dda15e', '#bc6c25', '#606c38'],
    ['#ffffff', '#111827', '#2563eb', '#f59e0b', '#ef4444'],
  ],
  typography: [
    ['#111827', '#f9fafb', '#f59e0b', '#374151', '#9ca3af'],
    ['#fef3c7', '#1f2937', '#dc2626', '#92400e', '#fcd34d'],
    ['#e0f2fe', '#0c4a6e', '#f97316', '#0369a1', '#7dd3fc'],
  ],
  minimalist: [
    ['#f5f1ea', '#1f1f1f', '#c8b6a6', '#8d7b68', '#e8dfd3'],
    ['#ececec', '#2b2b2b', '#b9b4aa', '#6e6a63', '#dedad2'],
    ['#f7efe5', '#3a3a3a', '#d8a48f', '#a26769', '#ece2d0'],
  ],
  vintage: [
    ['#f2e3c6', '#d9694a', '#e9a23b', '#467c76', '#7a4a2a'],
    ['#efe0c1', '#b5462b', '#e2b049', '#5c7457', '#3b2c23'],
    ['#f6e7cb', '#c7623c', '#dfa14b', '#2f5e6d', '#6b4226'],
  ],
  modern: [
    ['#fff5e6', '#ff6b6b', '#4ecdc4', '#1a535c', '#ffe66d'],
    ['#f8f9fa', '#ff006e', '#3a86ff', '#fb5607', '#ffbe0b'],
    ['#fdf0d5', '#003049', '#c1121f', '#669bbc', '#f4a261'],
  ],
  classic: [
    ['#1c1714', '#c9a66b', '#7b2d26', '#e8d8b9', '#3e5641'],
    ['#231f20', '#b08d57', '#5a3e36', '#efe6d5', '#2f4858'],
    ['#2b2118', '#d4a373', '#6f1d1b', '#faedcd', '#475b45'],
  ],
};

type Palette = string[];
const color = (palette: Palette, index: number) => palette[index % palette.length] as string;
const f = (n: number) => n.toFixed(1);

function nature(r: Random, p: Palette): string {
  const layers: string[] = [];
  for (let layer = 0; layer < 4; layer++) {
    const base = 520 + layer * 110;
    let d = `M0 ${ART_HEIGHT} L0 ${base}`;
    for (let x = 0; x <= ART_WIDTH; x += 100) d += ` L${x} ${f(base - between(r, 40, 220 - layer * 35))}`;
    d += ` L${ART_WIDTH} ${ART_HEIGHT} Z`;
    layers.push(`<path d="${d}" fill="${color(p, layer + 1)}" opacity="${0.75 + layer * 0.08}"/>`);
  }
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color(p, 0)}"/><stop offset="1" stop-color="${color(p, 1)}"/></linearGradient></defs>
  <rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#sky)"/>
  <circle cx="${f(between(r, 200, 600))}" cy="${f(between(r, 220, 380))}" r="${f(between(r, 70, 130))}" fill="#fff8e7" opacity="0.9"/>
  ${layers.join('')}`;
}

// A blur has no detail a larger drawing would show, and librsvg blurs at the drawing's own size: a print master
// drawn whole at 4800 px took 74 s and 774 MB. So the blurred layer is its own picture ('soft'), drawn small and
// enlarged under the sharp strokes (demo-master.ts); the previews draw both as one SVG, as before.
function abstract(r: Random, p: Palette): Layers {
  const blobs = Array.from({ length: 7 }, (_, i) => {
    const cx = between(r, 80, 720);
    const cy = between(r, 80, 920);
    return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(between(r, 120, 300))}" ry="${f(between(r, 100, 260))}" fill="${color(p, 1 + (i % 4))}" opacity="0.8" transform="rotate(${f(between(r, 0, 180))} ${f(cx)} ${f(cy)})"/>`;
  });
  const strokes = Array.from({ length: 3 }, (_, i) => {
    const y = between(r, 150, 850);
    return `<path d="M-20 ${f(y)} C 250 ${f(y - 300)}, 550 ${f(y + 300)}, 820 ${f(y - 80)}" stroke="${color(p, i + 2)}" stroke-width="${f(between(r, 8, 26))}" fill="none" stroke-linecap="round"/>`;
  });
  return {
    soft: `<defs><filter id="soft"><feGaussianBlur stdDeviation="40"/></filter></defs>
  <rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="${color(p, 0)}"/>
  <g filter="url(#soft)">${blobs.join('')}</g>`,
    crisp: strokes.join(''),
  };
}

function urban(r: Random, p: Palette): string {
  const buildings: string[] = [];
  let x = -10;
  while (x < ART_WIDTH) {
    const width = between(r, 60, 130);
    const height = between(r, 250, 620);
    const top = 820 - height;
    buildings.push(
      `<rect x="${f(x)}" y="${f(top)}" width="${f(width)}" height="${f(height + 200)}" fill="${color(p, r() > 0.5 ? 1 : 3)}"/>`,
    );
    for (let wy = top + 20; wy < 800; wy += 34) {
      for (let wx = x + 12; wx < x + width - 16; wx += 24) {
        if (r() > 0.55)
          buildings.push(
            `<rect x="${f(wx)}" y="${f(wy)}" width="10" height="16" fill="${color(p, 2)}" opacity="${f(between(r, 0.5, 1))}"/>`,
          );
      }
    }
    x += width + between(r, 2, 14);
  }
  return `<defs><linearGradient id="night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color(p, 0)}"/><stop offset="1" stop-color="${color(p, 4)}"/></linearGradient></defs>
  <rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#night)"/>
  <circle cx="${f(between(r, 120, 680))}" cy="160" r="60" fill="${color(p, 2)}" opacity="0.85"/>
  ${buildings.join('')}<rect y="820" width="${ART_WIDTH}" height="180" fill="${color(p, 0)}" opacity="0.85"/>`;
}

function leaf(cx: number, cy: number, length: number, angle: number, fill: string, vein: string): string {
  const w = length * 0.32;
  return `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f(angle)})">
    <path d="M0 0 C ${f(w)} ${f(-length * 0.3)}, ${f(w)} ${f(-length * 0.75)}, 0 ${f(-length)} C ${f(-w)} ${f(-length * 0.75)}, ${f(-w)} ${f(-length * 0.3)}, 0 0 Z" fill="${fill}"/>
    <path d="M0 0 L0 ${f(-length * 0.95)}" stroke="${vein}" stroke-width="3" opacity="0.6"/></g>`;
}

function botanical(r: Random, p: Palette): string {
  const leaves = Array.from({ length: 9 }, (_, i) =>
    leaf(
      400 + between(r, -40, 40),
      900,
      between(r, 320, 620),
      -70 + i * 17 + between(r, -6, 6),
      color(p, 1 + (i % 3)),
      color(p, 0),
    ),
  );
  return `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="${color(p, 0)}"/>
  <circle cx="${f(between(r, 180, 620))}" cy="${f(between(r, 200, 320))}" r="${f(between(r, 90, 150))}" fill="${color(p, 4)}" opacity="0.55"/>
  ${leaves.join('')}<rect x="320" y="880" width="160" height="120" rx="10" fill="${color(p, 4)}"/>`;
}

function geometric(r: Random, p: Palette): string {
  const cells: string[] = [];
  const size = 200;
  for (let y = 0; y < ART_HEIGHT; y += size) {
    for (let x = 0; x < ART_WIDTH; x += size) {
      const fill = color(p, 1 + Math.floor(r() * 4));
      cells.push(
        `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${r() > 0.6 ? color(p, 0) : color(p, 1 + Math.floor(r() * 4))}"/>`,
      );
      const shape = Math.floor(r() * 4);
      if (shape === 0) cells.push(`<circle cx="${x + 100}" cy="${y + 100}" r="80" fill="${fill}"/>`);
      if (shape === 1)
        cells.push(`<path d="M${x} ${y + size} L${x + size} ${y + size} L${x + size} ${y} Z" fill="${fill}"/>`);
      if (shape === 2)
        cells.push(
          `<path d="M${x} ${y} A ${size} ${size} 0 0 1 ${x + size} ${y + size} L ${x} ${y + size} Z" fill="${fill}"/>`,
        );
      if (shape === 3)
        cells.push(`<path d="M${x} ${y + 100} A 100 100 0 0 1 ${x + size} ${y + 100} Z" fill="${fill}"/>`);
    }
  }
  return cells.join('');
}

const WORDS = ['LOVE', 'HOME', 'JOY', 'DREAM', 'CALM', 'HELLO', 'YES', 'ART', 'STAY', 'HOPE'];

function typography(r: Random, p: Palette): string {
  const word = pick(r, WORDS);
  const pixel = Math.min(Math.floor(640 / (word.length * 6)), 36);
  const width = word.length * 6 * pixel - pixel;
  const x0 = (ART_WIDTH - width) / 2;
  const y0 = (ART_HEIGHT - PIXEL_FONT_HEIGHT * pixel) / 2;
  const letters = pixelWordRects(word, x0, y0, pixel).map(
    (c) => `<rect x="${f(c.x)}" y="${f(c.y)}" width="${pixel + 0.5}" height="${pixel + 0.5}" fill="${color(p, 1)}"/>`,
  );
  return `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="${color(p, 0)}"/>
  <rect x="60" y="60" width="680" height="880" fill="none" stroke="${color(p, 2)}" stroke-width="6"/>
  <rect x="${f(x0)}" y="${f(y0 + PIXEL_FONT_HEIGHT * pixel + 40)}" width="${f(width)}" height="12" fill="${color(p, 2)}"/>
  ${letters.join('')}`;
}

function minimalist(r: Random, p: Palette): string {
  const horizon = between(r, 560, 700);
  return `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="${color(p, 0)}"/>
  <path d="M200 ${f(horizon)} L200 ${f(horizon - 260)} A 200 200 0 0 1 600 ${f(horizon - 260)} L600 ${f(horizon)} Z" fill="${color(p, 4)}"/>
  <circle cx="${f(between(r, 300, 500))}" cy="${f(horizon - between(r, 240, 330))}" r="${f(between(r, 60, 95))}" fill="${color(p, 2)}"/>
  <rect x="120" y="${f(horizon)}" width="560" height="4" fill="${color(p, 1)}"/>
  <path d="M180 ${f(horizon + 120)} Q 400 ${f(horizon + 40)} 620 ${f(horizon + 120)}" stroke="${color(p, 3)}" stroke-width="3" fill="none"/>`;
}

function vintage(r: Random, p: Palette): string {
  const rays: string[] = [];
  const cx = 400;
  const cy = 720;
  const count = 18;
  for (let i = 0; i < count; i++) {
    const a1 = Math.PI + (i / count) * Math.PI;
    const a2 = Math.PI + ((i + 0.5) / count) * Math.PI;
    rays.push(
      `<path d="M${cx} ${cy} L${f(cx + 900 * Math.cos(a1))} ${f(cy + 900 * Math.sin(a1))} L${f(cx + 900 * Math.cos(a2))} ${f(cy + 900 * Math.sin(a2))} Z" fill="${color(p, 2)}" opacity="0.35"/>`,
    );
  }
  const bands = [0, 1, 2, 3].map(
    (i) => `<rect x="0" y="${720 + i * 70}" width="${ART_WIDTH}" height="70" fill="${color(p, 1 + i)}"/>`,
  );
  return `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="${color(p, 0)}"/>${rays.join('')}
  <circle cx="${cx}" cy="${cy}" r="${f(between(r, 180, 240))}" fill="${color(p, 1)}"/>${bands.join('')}
  <rect x="24" y="24" width="752" height="952" fill="none" stroke="${color(p, 4)}" stroke-width="8" opacity="0.6"/>`;
}

function modern(r: Random, p: Palette): string {
  const shapes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const fill = color(p, 1 + (i % 4));
    const x = between(r, 40, 600);
    const y = between(r, 40, 800);
    shapes.push(
      r() > 0.5
        ? `<rect x="${f(x)}" y="${f(y)}" width="${f(between(r, 120, 320))}" height="${f(between(r, 120, 320))}" fill="${fill}" transform="rotate(${f(between(r, -20, 20))} ${f(x)} ${f(y)})"/>`
        : `<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(r, 60, 170))}" fill="${fill}"/>`,
    );
  }
  let zigzag = `M60 ${f(between(r, 200, 800))}`;
  for (let x = 110; x <= 740; x += 50) zigzag += ` l50 ${x % 100 === 10 ? -40 : 40}`;
  const dots = Array.from(
    { length: 36 },
    (_, i) => `<circle cx="${560 + (i % 6) * 30}" cy="${80 + Math.floor(i / 6) * 30}" r="6" fill="${color(p, 3)}"/>`,
  );
  return `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="${color(p, 0)}"/>${shapes.join('')}${dots.join('')}
  <path d="${zigzag}" stroke="${color(p, 3)}" stroke-width="14" fill="none" stroke-linejoin="round"/>`;
}

function classic(r: Random, p: Palette): string {
  const fruits = Array.from(
    { length: 4 },
    (_, i) =>
      `<circle cx="${f(250 + i * 90 + between(r, -15, 15))}" cy="${f(800 - between(r, 0, 30))}" r="${f(between(r, 38, 58))}" fill="${color(p, i % 2 === 0 ? 2 : 4)}"/>`,
  );
  return `<defs><radialGradient id="glow" cx="0.5" cy="0.35" r="0.7"><stop offset="0" stop-color="${color(p, 3)}" stop-opacity="0.35"/><stop offset="1" stop-color="${color(p, 0)}" stop-opacity="0"/></radialGradient></defs>
  <rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="${color(p, 0)}"/><rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#glow)"/>
  <path d="M220 760 L220 330 A 180 180 0 0 1 580 330 L580 760 Z" fill="${color(p, 4)}" opacity="0.7" stroke="${color(p, 1)}" stroke-width="14"/>
  <path d="M360 560 C 300 600, 310 720, 400 760 C 490 720, 500 600, 440 560 L430 480 L370 480 Z" fill="${color(p, 1)}"/>
  <rect x="120" y="820" width="560" height="40" fill="${color(p, 1)}" opacity="0.8"/>${fruits.join('')}
  <rect x="30" y="30" width="740" height="940" fill="none" stroke="${color(p, 1)}" stroke-width="16"/>`;
}

/** A composition in two layers: a blurred one under ('soft', drawn small for a print) and the sharp one over it. */
interface Layers {
  soft: string;
  crisp: string;
}

const COMPOSERS: Record<CategoryId, (r: Random, p: Palette) => string | Layers> = {
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

const svgDocument = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}">${body}</svg>`;

/** An artwork as SVG documents, fully decided by its category and seed: `soft` (blurred, may be drawn small) under `crisp`. */
export function composeArtworkLayers(category: CategoryId, random: Random): { soft?: string; crisp: string } {
  const palette = pick(random, PALETTES[category]);
  const body = COMPOSERS[category](random, palette);
  if (typeof body === 'string') return { crisp: svgDocument(body) };
  return { soft: svgDocument(body.soft), crisp: svgDocument(body.crisp) };
}

/** One artwork as one SVG document, fully decided by its category and seed. */
export function composeArtworkSvg(category: CategoryId, random: Random): string {
  const palette = pick(random, PALETTES[category]);
  const body = COMPOSERS[category](random, palette);
  return svgDocument(typeof body === 'string' ? body : body.soft + body.crisp);
}
