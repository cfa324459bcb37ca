import { box, footprintShadow, project, spaceAbove, type Box, type Camera } from './room-projection';
import type { SceneDrawing } from './scene-drawing';
import { blur, f, glow, floor, horizontal, skirting, vertical, vignette, wall } from './svg-kit';

// A bedroom seen from the foot of the bed: a pale sage wall lit from the right, a queen bed with a channelled linen
// headboard, white bedding, pillows and an ochre throw, an oak nightstand with a lamp on each side. The print hangs
// centred over the headboard, eight inches above it, in an oak frame.

const camera: Camera = { pxPerInch: 10, centerX: 900, floorY: 1080, eyeIn: 44, distanceIn: 320 };
const HEADBOARD_IN = 50;

function headboardSvg(): string {
  const board: Box = { x0: -33, x1: 33, h0: 0, h1: HEADBOARD_IN, d0: 0, d1: 3 };
  const [left, top] = project(camera, board.x0, board.h1, board.d1);
  const [right, bottom] = project(camera, board.x1, 14, board.d1);
  // Vertical channels stitched into the upholstery, each with a little shade on one side.
  const channels = Array.from({ length: 10 }, (_, i) => {
    const x = left + ((i + 1) * (right - left)) / 11;
    return `<rect x="${f(x - 5)}" y="${f(top + 10)}" width="5" height="${f(bottom - top - 10)}" fill="#000" opacity="0.07"/><rect x="${f(x)}" y="${f(top + 10)}" width="1.5" height="${f(bottom - top - 10)}" fill="#000" opacity="0.18"/>`;
  });
  return `<rect x="${f(left - 10)}" y="${f(top + 8)}" width="${f(right - left + 20)}" height="${f(bottom - top)}" rx="30" fill="#000" opacity="0.22" filter="url(#wall-shadow)"/>
  ${box(camera, board, { front: '#8f7e6d', top: '#a29281', side: '#7c6c5c', round: 4 })}
  <rect x="${f(left)}" y="${f(top)}" width="${f(right - left)}" height="${f(bottom - top)}" rx="40" fill="url(#board-light)"/>
  ${channels.join('')}`;
}

function beddingSvg(): string {
  const pillow = (x0: number, x1: number, h1: number, d0: number, fill: string, top: string) =>
    box(camera, { x0, x1, h0: 22, h1, d0, d1: d0 + 0.2 }, { front: fill, top, side: fill, round: 3.5 });
  const [shadeLeft, shadeY] = project(camera, -30, 25, 16);
  const [shadeRight] = project(camera, 30, 25, 16);
  return `${footprintShadow(camera, { x0: -31, x1: 31, h0: 0, h1: 14, d0: 3, d1: 90 }, 0.4, 3)}
  ${box(camera, { x0: -31, x1: 31, h0: 3, h1: 14, d0: 3, d1: 90 }, { front: '#6f604f', top: '#7d6d5c', side: '#625445' })}
  ${box(camera, { x0: -32, x1: 32, h0: 11, h1: 25, d0: 4, d1: 90 }, { front: 'url(#duvet)', top: '#f7f5f1', side: '#e0dcd4', round: 3 })}
  ${pillow(-29, -2, 40, 4, '#f4f2ee', '#fbfaf7')}${pillow(2, 29, 40, 4, '#f4f2ee', '#fbfaf7')}
  ${pillow(-26, -5, 36, 9, '#e9e5de', '#f3f0ea')}${pillow(5, 26, 36, 9, '#e9e5de', '#f3f0ea')}
  ${pillow(-9, 9, 34, 14, '#8fa08f', '#9fb09f')}
  <rect x="${f(shadeLeft)}" y="${f(shadeY - 2)}" width="${f(shadeRight - shadeLeft)}" height="14" fill="#000" opacity="0.08" filter="url(#soft-shadow)"/>
  ${box(camera, { x0: -32.5, x1: 32.5, h0: 24.6, h1: 26, d0: 56, d1: 74 }, { front: '#b58843', top: '#cf9f55', side: '#b08440' })}
  <path d="M${project(camera, -32.5, 26, 61).map(f).join(' ')} L${project(camera, 32.5, 26, 61).map(f).join(' ')}" stroke="#a77b38" stroke-width="2" opacity="0.5"/>`;
}

function nightstandSvg(side: 1 | -1): string {
  const x0 = side > 0 ? 37 : -57;
  const stand: Box = { x0, x1: x0 + 20, h0: 0, h1: 24, d0: 0, d1: 17 };
  const [dl, dt] = project(camera, x0 + 1.5, 21, 17);
  const [dr, db] = project(camera, x0 + 18.5, 14, 17);
  const [lampX, lampBase] = project(camera, x0 + 10, 24, 8);
  const [, bulbY] = project(camera, x0 + 10, 33, 8);
  const [shadeL, shadeTop] = project(camera, x0 + 3.5, 45, 8);
  const [shadeR, shadeBottom] = project(camera, x0 + 16.5, 34, 8);
  const r = (lampBase - bulbY) / 2;
  return `<ellipse cx="${f(lampX)}" cy="${f(shadeTop + 10)}" rx="240" ry="260" fill="url(#glow)" opacity="0.4"/>
  ${footprintShadow(camera, stand, 0.35, 2)}
  ${box(camera, stand, { front: '#b48a5c', top: '#c79d6d', side: '#9d7549', round: 0.6 })}
  <rect x="${f(dl)}" y="${f(dt)}" width="${f(dr - dl)}" height="${f(db - dt)}" rx="3" fill="none" stroke="#8a6440" stroke-width="1.5" opacity="0.7"/>
  <rect x="${f((dl + dr) / 2 - 18)}" y="${f(dt + 10)}" width="36" height="4" rx="2" fill="#5b4330"/>
  <circle cx="${f(lampX)}" cy="${f(lampBase - r)}" r="${f(r)}" fill="url(#ceramic)"/>
  <path d="M${f(shadeL + 12)} ${f(shadeTop)} L${f(shadeR - 12)} ${f(shadeTop)} L${f(shadeR)} ${f(shadeBottom)} L${f(shadeL)} ${f(shadeBottom)} Z" fill="url(#lamp-shade)"/>`;
}

export function bedroom(): SceneDrawing {
  const floorY = camera.floorY;
  const [eyeX, eye] = project(camera, 0, camera.eyeIn, 0);
  return {
    space: spaceAbove(camera, HEADBOARD_IN + 8, { maxWidthIn: 44, maxHeightIn: 28, maxAreaIn2: 650 }),
    frameStyle: 'oak',
    defs: `${blur('soft-shadow', 9)}${blur('wall-shadow', 20)}${glow('glow', '#ffe6b0')}
      ${vertical('duvet', '#f2f0eb', '#dedad1')}${vertical('lamp-shade', '#f3e9d4', '#fff8e8')}${horizontal('ceramic', '#eeeae3', '#d9d3c9', '#b9b2a6')}
      <radialGradient id="board-light" cx="0.3" cy="0.2" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></radialGradient>`,
    back: `${wall('#d3dad4', floorY, { x: 1500, y: 100, radius: 1500, strength: 0.5 }, 0.22)}
    ${floor({ floorY, vanishX: eyeX, eyeY: eye, far: '#a98a6a', near: '#bf9f7c', boards: { every: 60, seam: '#7f6146' } })}
    ${skirting(floorY, 45, '#eef0ec')}`,
    front: `${nightstandSvg(-1)}${nightstandSvg(1)}${headboardSvg()}${beddingSvg()}${vignette()}`,
  };
}
