import { box, footprintShadow, project, spaceAbove, type Box, type Camera } from './room-projection';
import type { SceneDrawing } from './scene-drawing';
import { blur, f, floor, horizontal, leaf, skirting, vignette, wall } from './svg-kit';

// A home office: a muted green wall lit from the left, a light floor, an oak desk on black legs with a laptop, a
// lamp and a stack of books, a chair pulled up to it, and a tall plant in the corner. The print hangs centred over
// the desk, fourteen inches above it (clear of what stands on it), in a thin black frame.

const camera: Camera = { pxPerInch: 12, centerX: 900, floorY: 1010, eyeIn: 50, distanceIn: 320 };
const DESK_IN = 30;

function deskSvg(): string {
  const top: Box = { x0: -30, x1: 30, h0: DESK_IN - 1.5, h1: DESK_IN, d0: 0, d1: 26 };
  const legs = [-29, 28].flatMap((x) => [
    box(camera, { x0: x, x1: x + 1, h0: 0, h1: DESK_IN - 1.5, d0: 1, d1: 2 }, { front: '#2a2a2a' }),
    box(camera, { x0: x, x1: x + 1, h0: 0, h1: DESK_IN - 1.5, d0: 24, d1: 25 }, { front: '#1d1d1d' }),
  ]);
  const [laptopL, screenTop] = project(camera, -9, 39.5, 12);
  const [laptopR, screenBottom] = project(camera, 9, DESK_IN + 0.6, 12);
  const books = [
    ['#2f4858', 2.2],
    ['#c9a66b', 1.6],
    ['#e8e2d6', 1.8],
  ] as const;
  let h = DESK_IN;
  const stack = books
    .map(([fill, thick], i) => {
      const shift = i === 1 ? 1 : 0;
      const b = box(
        camera,
        { x0: 15 + shift, x1: 25 + shift, h0: h, h1: h + thick, d0: 6, d1: 13 },
        { front: fill, top: '#f4f0e8' },
      );
      h += thick;
      return b;
    })
    .join('');
  const [mugX, mugY] = project(camera, 20, h, 10);
  const [lampX, lampY] = project(camera, -22, DESK_IN, 8);
  const [headX, headY] = project(camera, -18, 41, 8);
  const [elbowX, elbowY] = project(camera, -26, 39, 8);
  return `${footprintShadow(camera, { ...top, h0: 0 }, 0.22, 4)}
  ${legs.join('')}
  ${box(camera, top, { front: '#a9794b', top: '#c8996a', side: '#94683e' })}
  <rect x="${f(laptopL)}" y="${f(screenBottom - 4)}" width="${f(laptopR - laptopL)}" height="4" fill="#000" opacity="0.25" filter="url(#soft-shadow)"/>
  <rect x="${f(laptopL)}" y="${f(screenTop)}" width="${f(laptopR - laptopL)}" height="${f(screenBottom - screenTop)}" rx="6" fill="#b9bcc0"/>
  <rect x="${f(laptopL + 5)}" y="${f(screenTop + 5)}" width="${f(laptopR - laptopL - 10)}" height="${f(screenBottom - screenTop - 10)}" rx="3" fill="#c6c9cd"/>
  <circle cx="${f((laptopL + laptopR) / 2)}" cy="${f((screenTop + screenBottom) / 2)}" r="6" fill="#e6e8ea"/>
  ${stack}
  <rect x="${f(mugX - 18)}" y="${f(mugY - 44)}" width="36" height="44" rx="5" fill="#eeeae2"/><path d="M${f(mugX + 17)} ${f(mugY - 34)} q 16 4 0 22" stroke="#e0dbd0" stroke-width="6" fill="none"/>
  <ellipse cx="${f(lampX)}" cy="${f(lampY - 3)}" rx="34" ry="7" fill="#1f1f1f"/>
  <path d="M${f(lampX)} ${f(lampY - 4)} L${f(elbowX)} ${f(elbowY)} L${f(headX)} ${f(headY)}" stroke="#1f1f1f" stroke-width="5" fill="none" stroke-linejoin="round"/>
  <path d="M${f(headX - 10)} ${f(headY - 12)} L${f(headX + 40)} ${f(headY + 6)} L${f(headX + 26)} ${f(headY + 38)} Z" fill="#1f1f1f"/>
  <ellipse cx="${f(headX + 33)}" cy="${f(headY + 22)}" rx="9" ry="17" transform="rotate(-20 ${f(headX + 33)} ${f(headY + 22)})" fill="#fff4d6"/>`;
}

function chairSvg(): string {
  const seat: Box = { x0: -10, x1: 10, h0: 16, h1: 18, d0: 30, d1: 48 };
  const back: Box = { x0: -9.5, x1: 9.5, h0: 19, h1: 33, d0: 47, d1: 49 };
  const legs = [-9.5, 8.5].map((x) =>
    box(camera, { x0: x, x1: x + 1, h0: 0, h1: 16, d0: 47, d1: 48 }, { front: '#2a2a2a' }),
  );
  const [postX0, postTop] = project(camera, -6, 33, 48.5);
  const [postX1, postBottom] = project(camera, 6, 17, 48.5);
  return `${footprintShadow(camera, { ...seat, h0: 0 }, 0.3, 2)}
  ${box(camera, seat, { front: '#6b6259', top: '#7d746a' })}
  <rect x="${f(postX0)}" y="${f(postTop)}" width="6" height="${f(postBottom - postTop)}" fill="#2a2a2a"/><rect x="${f(postX1 - 6)}" y="${f(postTop)}" width="6" height="${f(postBottom - postTop)}" fill="#2a2a2a"/>
  ${legs.join('')}
  ${box(camera, back, { front: '#5f574f', top: '#756c62', round: 3 })}`;
}

function floorPlantSvg(): string {
  const pot: Box = { x0: -70, x1: -58, h0: 0, h1: 14, d0: 6, d1: 18 };
  const [stemX, stemY] = project(camera, -64, 13, 12);
  const s = camera.pxPerInch * 1.04;
  // A snake plant: long upright blades, each leaning a little, of uneven heights.
  const fronds = [-16, -11, -7, -3, 0, 3, 6, 10, 14, 19].map((angle, i) =>
    leaf(
      stemX + (i - 4.5) * 7,
      stemY,
      (30 + ((i * 11) % 19)) * s,
      angle,
      i % 3 ? '#3f6b49' : '#5b8a5a',
      '#c9d9a0',
      0.09,
    ),
  );
  return `${footprintShadow(camera, pot, 0.35, 2)}${fronds.join('')}
  ${box(camera, pot, { front: 'url(#basket)', top: '#5b4a39', round: 1.5 })}`;
}

export function office(): SceneDrawing {
  const floorY = camera.floorY;
  const [eyeX, eye] = project(camera, 0, camera.eyeIn, 0);
  return {
    space: spaceAbove(camera, DESK_IN + 14, { maxWidthIn: 40, maxHeightIn: 26, maxAreaIn2: 560 }),
    frameStyle: 'black',
    defs: `${blur('soft-shadow', 8)}${horizontal('basket', '#c7ad84', '#b39670', '#94784f')}`,
    back: `${wall('#6f8172', floorY, { x: 200, y: 80, radius: 1600, strength: 0.42 }, 0.25)}
    ${floor({ floorY, vanishX: eyeX, eyeY: eye, far: '#c9c1b4', near: '#ddd6cb', boards: { every: 72, seam: '#a79d8e' } })}
    ${skirting(floorY, 50, '#e9ebe6')}`,
    front: `${floorPlantSvg()}${deskSvg()}${chairSvg()}${vignette(0.25)}`,
  };
}
