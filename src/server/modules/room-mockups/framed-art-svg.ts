import type { HungArt, Rect } from './hang-art';

// The frame, its mat and its shadow, drawn as SVG behind the opening where the artwork is laid. The light comes from
// above, a little from the left, as in the rooms: the frame's top moulding is the brightest of its four, its bottom
// the darkest; the frame's depth shades the top and left of the mat; the bevel of the mat's opening shows its white
// core on the lit sides; the frame's shadow falls on the wall below it, soft and faint, with a tighter, darker one
// where the frame meets the wall.

export type FrameStyle = 'black' | 'oak';

/** The four mouldings' shades (top, right, bottom, left) and a grain colour. */
const MOULDINGS: Record<FrameStyle, { sides: [string, string, string, string]; grain?: string; edge: string }> = {
  black: { sides: ['#3a3a3a', '#1c1c1c', '#111111', '#262626'], edge: '#4a4a4a' },
  oak: { sides: ['#d2ab78', '#b48754', '#9c7245', '#c19661'], grain: '#8a6238', edge: '#e0c194' },
};

const f = (n: number) => n.toFixed(1);
const rect = ({ left, top, width, height }: Rect, attrs: string) =>
  `<rect x="${left}" y="${top}" width="${width}" height="${height}" ${attrs}/>`;

/** A mitred moulding: the trapezoid between the frame's outer edge and the mat's, on one side. */
function mouldings(frame: Rect, mat: Rect, style: FrameStyle): string {
  const [x0, y0, x1, y1] = [frame.left, frame.top, frame.left + frame.width, frame.top + frame.height];
  const [i0, j0, i1, j1] = [mat.left, mat.top, mat.left + mat.width, mat.top + mat.height];
  const sides = [
    `M${x0} ${y0} L${x1} ${y0} L${i1} ${j0} L${i0} ${j0} Z`,
    `M${x1} ${y0} L${x1} ${y1} L${i1} ${j1} L${i1} ${j0} Z`,
    `M${x1} ${y1} L${x0} ${y1} L${i0} ${j1} L${i1} ${j1} Z`,
    `M${x0} ${y1} L${x0} ${y0} L${i0} ${j0} L${i0} ${j1} Z`,
  ];
  const { sides: shades, grain, edge } = MOULDINGS[style];
  const faces = sides.map((d, i) => `<path d="${d}" fill="${shades[i]}"/>`).join('');
  // Oak shows its grain as faint lines along each moulding.
  const grains = grain
    ? [0.3, 0.55, 0.8]
        .map((t) => {
          const x = x0 + (i0 - x0) * t;
          const y = y0 + (j0 - y0) * t;
          const xr = x1 - (x1 - i1) * t;
          const yb = y1 - (y1 - j1) * t;
          return `<path d="M${f(x)} ${f(y)} L${f(xr)} ${f(y)} L${f(xr)} ${f(yb)} L${f(x)} ${f(yb)} Z" fill="none" stroke="${grain}" stroke-width="0.7" opacity="0.35"/>`;
        })
        .join('')
    : '';
  // A hairline of light on the outer top edge, as a moulding's rounded lip catches it.
  const lip = `<path d="M${x0 + 1} ${y0 + 0.8} L${x1 - 1} ${y0 + 0.8}" stroke="${edge}" stroke-width="1.2" opacity="0.8"/>`;
  return faces + grains + lip;
}

/** The shadow, frame and mat of a hung print, as SVG elements (with their own defs) for the scene's back layer. */
export function framedArtSvg(art: HungArt, style: FrameStyle, pxPerInch: number): string {
  const { frame, mat, window } = art;
  const inch = pxPerInch;
  const wide = { ...frame, top: frame.top + Math.round(0.45 * inch) };
  const tight = { ...frame, top: frame.top + Math.round(0.1 * inch) };
  const shade = Math.max(3, 0.35 * inch);
  const bevel = Math.max(1.5, 0.14 * inch);
  const { left: wl, top: wt, width: ww, height: wh } = window;
  return `<defs>
    <filter id="art-wide" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${f(0.7 * inch)}"/></filter>
    <filter id="art-tight" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="${f(0.18 * inch)}"/></filter>
    <linearGradient id="mat-top" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
    <linearGradient id="mat-left" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.09"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
  </defs>
  ${rect(wide, 'fill="#000" opacity="0.40" filter="url(#art-wide)"')}
  ${rect(tight, 'fill="#000" opacity="0.35" filter="url(#art-tight)"')}
  ${mouldings(frame, mat, style)}
  ${rect(mat, 'fill="#f8f7f3"')}
  <rect x="${mat.left}" y="${mat.top}" width="${mat.width}" height="${f(shade)}" fill="url(#mat-top)"/>
  <rect x="${mat.left}" y="${mat.top}" width="${f(shade)}" height="${mat.height}" fill="url(#mat-left)"/>
  <path d="M${f(wl - bevel)} ${f(wt - bevel)} L${wl + ww + bevel} ${f(wt - bevel)} L${wl + ww} ${wt} L${wl} ${wt} Z" fill="#e4e1da"/>
  <path d="M${f(wl - bevel)} ${f(wt - bevel)} L${wl} ${wt} L${wl} ${wt + wh} L${f(wl - bevel)} ${f(wt + wh + bevel)} Z" fill="#ecebe6"/>
  <path d="M${f(wl - bevel)} ${f(wt + wh + bevel)} L${wl} ${wt + wh} L${wl + ww} ${wt + wh} L${f(wl + ww + bevel)} ${f(wt + wh + bevel)} Z" fill="#ffffff"/>
  <path d="M${f(wl + ww + bevel)} ${f(wt - bevel)} L${f(wl + ww + bevel)} ${f(wt + wh + bevel)} L${wl + ww} ${wt + wh} L${wl + ww} ${wt} Z" fill="#fdfdfb"/>`;
}
