import { box, footprintShadow, project, spaceAbove, type Box, type Camera } from './room-projection';
import type { SceneDrawing } from './scene-drawing';
import { blur, f, glow, floor, horizontal, leaf, skirting, vertical, vignette, wall } from './svg-kit';

// A living room: a warm white wall lit from a window off to the left, an oak floor and a wool rug, a sage sofa of
// 84 inches with two cushions, a floor lamp on the left and a side table with a plant on the right. The print hangs
// centred over the sofa, nine inches above its back.

const camera: Camera = { pxPerInch: 12, centerX: 900, floorY: 1010, eyeIn: 48, distanceIn: 320 };
const SOFA_BACK_IN = 32;

const sofa = {
  front: '#97a08c',
  top: '#a9b29e',
  side: '#838c78',
  shade: '#717a67',
};

function sofaSvg(): string {
  const paint = { front: sofa.front, top: sofa.top, side: sofa.side };
  const legs = [-39, 37].map((x) =>
    box(camera, { x0: x, x1: x + 2, h0: 0, h1: 5, d0: 30, d1: 32 }, { front: '#4a3526', side: '#3a291d' }),
  );
  const base: Box = { x0: -42, x1: 42, h0: 5, h1: 10, d0: 2, d1: 35 };
  const backs = [-35, 0].map((x) =>
    box(camera, { x0: x + 0.3, x1: x + 34.7, h0: 10, h1: SOFA_BACK_IN, d0: 2, d1: 11 }, { ...paint, round: 3 }),
  );
  const seats = [-35, 0].map((x) =>
    box(camera, { x0: x + 0.3, x1: x + 34.7, h0: 10, h1: 18, d0: 11, d1: 35 }, { ...paint, round: 2.5 }),
  );
  const arms = [-42, 35].map((x) =>
    box(camera, { x0: x, x1: x + 7, h0: 5, h1: 25, d0: 2, d1: 36 }, { ...paint, round: 3 }),
  );
  const pillow = (x: number, size: number, fill: string, edge: string, angle: number) => {
    const [cx, cy] = project(camera, x, 18 + size / 2, 13);
    const s = size * camera.pxPerInch * 1.08;
    return `<rect x="${f(cx - s / 2 + 6)}" y="${f(cy - s / 2 + 10)}" width="${f(s)}" height="${f(s)}" rx="${f(s * 0.22)}" fill="#000" opacity="0.22" filter="url(#soft-shadow)"/><g transform="rotate(${angle} ${f(cx)} ${f(cy)})"><rect x="${f(cx - s / 2)}" y="${f(cy - s / 2)}" width="${f(s)}" height="${f(s)}" rx="${f(s * 0.22)}" fill="${fill}"/><rect x="${f(cx - s / 2)}" y="${f(cy - s / 2)}" width="${f(s)}" height="${f(s)}" rx="${f(s * 0.22)}" fill="url(#pillow-shade)"/><rect x="${f(cx - s / 2 + 2)}" y="${f(cy - s / 2 + 2)}" width="${f(s - 4)}" height="${f(s - 4)}" rx="${f(s * 0.2)}" fill="none" stroke="${edge}" stroke-width="1.5" opacity="0.5"/></g>`;
  };
  // The seams where cushions meet, and the shade under the seat's front lip.
  const [lipLeft, lipY] = project(camera, -35, 10, 35);
  const [lipRight] = project(camera, 35, 10, 35);
  return `${footprintShadow(camera, base, 0.32, 3)}
  ${legs.join('')}
  ${box(camera, base, { front: sofa.shade, top: sofa.side, side: sofa.shade })}
  ${backs.join('')}${seats.join('')}
  <rect x="${f(lipLeft)}" y="${f(lipY - 6)}" width="${f(lipRight - lipLeft)}" height="6" fill="#000" opacity="0.12"/>
  ${pillow(-24, 18, '#b9693f', '#8d4a29', -6)}${pillow(-9, 16, '#eee6d8', '#c9bfae', 4)}${pillow(25, 18, '#e8dfcf', '#c2b7a4', 5)}
  ${arms.join('')}`;
}

function lampSvg(): string {
  const [baseX, baseY] = project(camera, -60, 0, 10);
  const [, topY] = project(camera, -60, 56, 10);
  const [shadeL, shadeTop] = project(camera, -67, 66, 10);
  const [shadeR, shadeBottom] = project(camera, -53, 54, 10);
  const inset = (shadeR - shadeL) * 0.1;
  return `<ellipse cx="${f(baseX)}" cy="${f(baseY + 4)}" rx="60" ry="10" fill="#000" opacity="0.3" filter="url(#soft-shadow)"/>
  <ellipse cx="${f(baseX)}" cy="${f(baseY)}" rx="30" ry="6" fill="#1f1f1f"/>
  <rect x="${f(baseX - 2.5)}" y="${f(topY)}" width="5" height="${f(baseY - topY)}" fill="#222"/>
  <path d="M${f(shadeL + inset)} ${f(shadeTop)} L${f(shadeR - inset)} ${f(shadeTop)} L${f(shadeR)} ${f(shadeBottom)} L${f(shadeL)} ${f(shadeBottom)} Z" fill="url(#lamp-shade)"/>
  <ellipse cx="${f(baseX)}" cy="${f(shadeBottom)}" rx="${f((shadeR - shadeL) / 2)}" ry="7" fill="#fff6df"/>`;
}

function sideTableSvg(): string {
  const top: Box = { x0: 50, x1: 68, h0: 21, h1: 23, d0: 6, d1: 24 };
  const stem: Box = { x0: 57.5, x1: 60.5, h0: 1.5, h1: 21, d0: 13, d1: 16 };
  const foot: Box = { x0: 53, x1: 65, h0: 0, h1: 1.5, d0: 9, d1: 20 };
  const [potX, potY] = project(camera, 59, 23, 14);
  const s = camera.pxPerInch * 1.09;
  const leaves = [-58, -38, -20, -4, 12, 28, 46, 62].map((angle, i) =>
    leaf(
      potX + (i - 3.5) * 3,
      potY - 8.5 * s,
      (13 + ((i * 5) % 7)) * s,
      angle,
      i % 2 ? '#4f7a4f' : '#3f6842',
      '#cfe3c4',
    ),
  );
  return `${footprintShadow(camera, foot, 0.4, 3)}
  ${box(camera, foot, { front: '#a87c50', top: '#bf9363', side: '#94693f' })}
  ${box(camera, stem, { front: '#b08455', side: '#94693f' })}
  ${box(camera, top, { front: '#a87c50', top: '#c89c6b', side: '#94693f', round: 0.5 })}
  ${leaves.join('')}
  <path d="M${f(potX - 4.2 * s)} ${f(potY - 8.5 * s)} L${f(potX + 4.2 * s)} ${f(potY - 8.5 * s)} L${f(potX + 3.3 * s)} ${f(potY)} L${f(potX - 3.3 * s)} ${f(potY)} Z" fill="url(#pot)"/>`;
}

function rugSvg(): string {
  const corners = [
    project(camera, -60, 0, 12),
    project(camera, 60, 0, 12),
    project(camera, 70, 0, 110),
    project(camera, -70, 0, 110),
  ];
  const d = `M${corners.map(([x, y]) => `${f(x)} ${f(y)}`).join(' L')} Z`;
  return `<path d="${d}" fill="#e4dccd"/><path d="${d}" fill="none" stroke="#cfc4b0" stroke-width="10" opacity="0.7"/>`;
}

export function livingRoom(): SceneDrawing {
  const floorY = camera.floorY;
  const [eyeX, eye] = project(camera, 0, camera.eyeIn, 0);
  const [lampX, lampY] = project(camera, -60, 60, 10);
  return {
    space: spaceAbove(camera, SOFA_BACK_IN + 9, { maxWidthIn: 56, maxHeightIn: 28, maxAreaIn2: 700 }),
    frameStyle: 'black',
    defs: `${blur('soft-shadow', 9)}${blur('wall-shadow', 22)}${glow('glow', '#ffe9b8')}
      ${vertical('lamp-shade', '#f6ecd6', '#fff7e6')}${vertical('pillow-shade', 'rgba(255,255,255,0.12)', 'rgba(0,0,0,0.14)')}
      ${horizontal('pot', '#ece8e1', '#d8d2c8', '#bfb8ac')}`,
    back: `    ${wall('#e9e3d9', floorY, { x: 150, y: 120, radius: 1500, strength: 0.55 }, 0.2)}
    <ellipse cx="${f(lampX)}" cy="${f(lampY)}" rx="330" ry="360" fill="url(#glow)" opacity="0.5"/>
    ${floor({ floorY, vanishX: eyeX, eyeY: eye, far: '#b48f68', near: '#caa47a', boards: { every: 64, seam: '#8c6a48' } })}
    ${skirting(floorY, 50, '#f1ece4')}
    ${rugSvg()}
    <rect x="${f(project(camera, -42, 0, 0)[0])}" y="${f(project(camera, 0, SOFA_BACK_IN + 2, 0)[1])}" width="${84 * camera.pxPerInch}" height="${(SOFA_BACK_IN - 4) * camera.pxPerInch}" rx="40" fill="#000" opacity="0.16" filter="url(#wall-shadow)"/>`,
    front: `${sofaSvg()}${lampSvg()}${sideTableSvg()}${vignette()}`,
  };
}
