import sharp from 'sharp';

// A photograph-like picture drawn by code: a soft, out-of-focus background and one sharp, detailed, warm-coloured
// subject (a face-like head with eyes and hair), with grain over all, as a portrait photograph has. Where the
// subject is, is known, so a test can tell whether a crop kept it.

export interface PhotoLike {
  png: Buffer;
  /** The subject's bounding box in pixels. */
  subject: { left: number; top: number; width: number; height: number };
}

/** A `width` × `height` picture with its subject centred at (`x`, `y`), fractions of the width and height. */
export async function photoLikeImage(width: number, height: number, x: number, y: number): Promise<PhotoLike> {
  const r = Math.round(Math.min(width, height) * 0.12);
  const [cx, cy] = [Math.round(x * width), Math.round(y * height)];
  const blobs = [
    [0.2, 0.3, '#6d8fa8'],
    [0.8, 0.2, '#9fb7a0'],
    [0.3, 0.8, '#56705c'],
    [0.75, 0.75, '#8a9bb0'],
  ]
    .map(
      ([bx, by, fill]) =>
        `<circle cx="${Number(bx) * width}" cy="${Number(by) * height}" r="${Math.max(width, height) * 0.3}" fill="${fill}"/>`,
    )
    .join('');
  const hair = Array.from({ length: 40 }, (_, i) => {
    const angle = Math.PI * (1.05 + (i / 39) * 0.9);
    const [x1, y1] = [cx + Math.cos(angle) * r * 0.95, cy + Math.sin(angle) * r * 1.2];
    return `<line x1="${x1}" y1="${y1}" x2="${x1 + Math.cos(angle) * r * 0.35}" y2="${y1 + Math.sin(angle) * r * 0.35}" stroke="#3b2414" stroke-width="${Math.max(1, r / 30)}"/>`;
  }).join('');
  const eye = (dx: number) =>
    `<ellipse cx="${cx + dx * r}" cy="${cy - r * 0.15}" rx="${r * 0.18}" ry="${r * 0.1}" fill="#fff"/><circle cx="${cx + dx * r}" cy="${cy - r * 0.15}" r="${r * 0.07}" fill="#2a4d7a"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><filter id="soft"><feGaussianBlur stdDeviation="${Math.max(width, height) * 0.05}"/></filter></defs>
    <rect width="${width}" height="${height}" fill="#7c8c96"/>
    <g filter="url(#soft)">${blobs}</g>
    <ellipse cx="${cx}" cy="${cy + r * 2.1}" rx="${r * 1.6}" ry="${r}" fill="#a33a2e"/>
    <ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * 1.25}" fill="#e0ac8a"/>
    ${hair}${eye(-0.4)}${eye(0.4)}
    <path d="M${cx - r * 0.35} ${cy + r * 0.55} Q${cx} ${cy + r * 0.8} ${cx + r * 0.35} ${cy + r * 0.55}" stroke="#8c3b36" stroke-width="${r * 0.08}" fill="none"/>
  </svg>`;
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 6 } },
  })
    .png()
    .toBuffer();
  const png = await sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'overlay' }])
    .png()
    .toBuffer();
  const subject = {
    left: cx - Math.round(r * 1.6),
    top: cy - Math.round(r * 1.6),
    width: Math.round(r * 3.2),
    height: Math.round(r * 4.7),
  };
  return { png, subject };
}
