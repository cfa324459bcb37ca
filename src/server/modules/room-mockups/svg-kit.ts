// Pieces the three rooms are drawn with: a wall lit from one side, a floor seen from eye height, a skirting board,
// soft shadows, and the photograph's vignette. Head-on: the wall is parallel to the picture (sharp cannot warp a
// picture into perspective), the floor recedes to one vanishing point at eye height.

/** The scene's drawn size in pixels (3:2): the largest mockup is made from it, never larger. */
export const SCENE_WIDTH = 1800;
export const SCENE_HEIGHT = 1200;

export const f = (n: number) => n.toFixed(1);

export const svgDocument = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" viewBox="0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}">${body}</svg>`;

/** A vertical gradient from `top` to `bottom` (more stops when given). */
export const vertical = (id: string, ...colours: string[]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${colours
    .map((c, i) => `<stop offset="${f(i / (colours.length - 1))}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

export const horizontal = (id: string, ...colours: string[]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">${colours
    .map((c, i) => `<stop offset="${f(i / (colours.length - 1))}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

/**
 * A lamp's warm light on the wall: a radial gradient fading to nothing at the shape's edge. As cheap as a fill,
 * where a blurred shape of that size took librsvg half a second.
 */
export const glow = (id: string, colour: string) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;

/** A Gaussian blur that may spread well beyond its shape (a shadow). */
export const blur = (id: string, deviation: number) =>
  `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(deviation)}"/></filter>`;

export interface WallLight {
  /** Where the light is brightest on the wall (a window off to one side, or a lamp). */
  x: number;
  y: number;
  /** Its reach, in pixels. */
  radius: number;
  strength: number;
}

/**
 * A painted wall from the top of the picture down to the floor line: its colour, brighter where the light falls,
 * darker away from it and towards the floor. (A grain drawn with feTurbulence cost a second a scene and did not
 * show at the sizes kept.)
 */
export function wall(colour: string, floorY: number, light: WallLight, shade = 0.16): string {
  return `<defs>
    <radialGradient id="wall-light" gradientUnits="userSpaceOnUse" cx="${light.x}" cy="${light.y}" r="${light.radius}">
      <stop offset="0" stop-color="#fffaf0" stop-opacity="${light.strength}"/><stop offset="1" stop-color="#fffaf0" stop-opacity="0"/></radialGradient>
    <linearGradient id="wall-falloff" gradientUnits="userSpaceOnUse" x1="${light.x}" y1="0" x2="${light.x > 900 ? 0 : 1800}" y2="0">
      <stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${shade}"/></linearGradient>
    <linearGradient id="wall-low" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.10"/></linearGradient>
  </defs>
  <rect width="1800" height="${floorY}" fill="${colour}"/>
  <rect width="1800" height="${floorY}" fill="url(#wall-falloff)"/>
  <rect width="1800" height="${floorY}" fill="url(#wall-low)"/>
  <rect width="1800" height="${floorY}" fill="url(#wall-light)"/>`;
}

export interface Floor {
  floorY: number;
  /** The vanishing point's x (the eye's height is its y). */
  vanishX: number;
  eyeY: number;
  far: string;
  near: string;
  /** Boards running towards the viewer, this many pixels apart along the wall (none for a carpet). */
  boards?: { every: number; seam: string };
}

/** The floor from the wall to the picture's lower edge, darker at the wall, its boards converging on the eye. */
export function floor({ floorY, vanishX, eyeY, far, near, boards }: Floor): string {
  const seams: string[] = [];
  if (boards) {
    const depth = 1200 - floorY;
    const spread = depth / (floorY - eyeY);
    for (let x = vanishX % boards.every; x < 1800; x += boards.every) {
      const nearX = x + (x - vanishX) * spread;
      seams.push(`M${f(x)} ${floorY} L${f(nearX)} 1200`);
    }
    // Board ends, staggered: short joins across the boards, further apart nearer the eye.
    for (let row = 0, y = floorY + 16; y < 1200; row++, y += 16 + row * 12) {
      const scale = (y - eyeY) / (floorY - eyeY);
      for (let x = (vanishX % boards.every) + ((row * 3) % 7) * boards.every; x < 1800; x += boards.every * 11) {
        const left = vanishX + (x - vanishX) * scale;
        seams.push(`M${f(left)} ${f(y)} L${f(left + boards.every * scale)} ${f(y)}`);
      }
    }
  }
  return `<defs>${vertical('floor-fill', far, near)}</defs>
  <rect y="${floorY}" width="1800" height="${1200 - floorY}" fill="url(#floor-fill)"/>
  ${seams.length ? `<path d="${seams.join(' ')}" stroke="${boards?.seam}" stroke-width="1.2" opacity="0.45"/>` : ''}`;
}

/** A painted skirting board along the floor line, its top edge catching the light. */
export function skirting(floorY: number, height: number, colour: string): string {
  return `<rect y="${floorY - height}" width="1800" height="${height}" fill="${colour}"/>
  <rect y="${floorY - height}" width="1800" height="2" fill="#ffffff" opacity="0.55"/>
  <rect y="${floorY - height - 3}" width="1800" height="3" fill="#000" opacity="0.06"/>
  <rect y="${floorY - 1}" width="1800" height="3" fill="#000" opacity="0.18"/>`;
}

/** The darkening of a photograph's corners, over everything. */
export function vignette(strength = 0.22): string {
  return `<defs><radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${strength}"/></radialGradient></defs>
  <rect width="1800" height="1200" fill="url(#vignette)"/>`;
}

/** A soft pool of shadow on the floor under a piece of furniture. */
export const floorShadow = (cx: number, y: number, width: number, height: number, opacity = 0.35) =>
  `<ellipse cx="${f(cx)}" cy="${f(y)}" rx="${f(width / 2)}" ry="${f(height / 2)}" fill="#000" opacity="${opacity}" filter="url(#soft-shadow)"/>`;

/** A leaf: a pointed oval from its stem, leaning by `angle` degrees, with a midrib (`width`: of its length). */
export function leaf(
  x: number,
  y: number,
  length: number,
  angle: number,
  fill: string,
  rib: string,
  width = 0.3,
): string {
  const w = length * width;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"><path d="M0 0 C ${f(w)} ${f(-length * 0.25)}, ${f(w * 0.9)} ${f(-length * 0.75)}, 0 ${f(-length)} C ${f(-w * 0.9)} ${f(-length * 0.75)}, ${f(-w)} ${f(-length * 0.25)}, 0 0 Z" fill="${fill}"/><path d="M0 0 L0 ${f(-length * 0.92)}" stroke="${rib}" stroke-width="1.6" opacity="0.5"/></g>`;
}
