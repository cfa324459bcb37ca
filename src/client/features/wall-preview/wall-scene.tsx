import { useId } from 'react';
import {
  FLOOR_Y,
  FRAME_WIDTH,
  SCENE,
  SCENE_HEIGHT,
  type FrameStyle,
  type Rect,
  type Sides,
  wallLayout,
} from './wall-geometry';
import { FRAME_COLOURS } from '#shared/prints/framing.ts';
import { FLOOR_COLOUR, MAT_COLOUR, SKIRTING_COLOUR, SOFA_COLOUR, type WallColour } from './wall-palette';

interface WallSceneProps {
  imageUrl: string;
  print: Sides;
  frame: FrameStyle;
  mat: boolean;
  wall: WallColour;
  /** What the drawing shows, for screen readers. */
  label: string;
}

const SKIRTING_HEIGHT = 4;

const box = (rect: Rect) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height });

/** A three-seat sofa, 84 × 33 in, its top-left corner at (0, 0): arms, back, seat cushions and short wooden legs. */
function Sofa({ rect }: { rect: Rect }) {
  return (
    <g data-testid="wall-sofa" transform={`translate(${rect.x} ${rect.y})`} fill={SOFA_COLOUR}>
      <rect x={5} y={0} width={74} height={19} rx={3} />
      <rect x={5} y={0} width={74} height={19} rx={3} fill="#000" opacity={0.12} />
      <rect x={5} y={15} width={74} height={14} rx={1.5} />
      <rect x={9} y={13.5} width={32.5} height={5.5} rx={2} fill="#fff" opacity={0.1} />
      <rect x={42.5} y={13.5} width={32.5} height={5.5} rx={2} fill="#fff" opacity={0.1} />
      <rect x={0} y={8} width={9} height={21} rx={3.5} />
      <rect x={75} y={8} width={9} height={21} rx={3.5} />
      <rect x={3} y={29} width={2.2} height={4} rx={0.6} fill="#4f3b2c" />
      <rect x={78.8} y={29} width={2.2} height={4} rx={0.6} fill="#4f3b2c" />
    </g>
  );
}

/** The left half of a standing figure's outline (neck, shoulder, arm, side, leg, foot), top to bottom, in inches. */
const FIGURE_LEFT: ReadonlyArray<readonly [number, number]> = [
  [8.3, 8.4],
  [8.2, 10.2],
  [5, 11],
  [3, 12.2],
  [2.4, 14.5],
  [1.9, 24],
  [1.5, 33.5],
  [1.4, 36.5],
  [2.4, 37.6],
  [3.3, 36.5],
  [3.5, 33.5],
  [4.2, 24],
  [4.7, 17],
  [4.9, 26],
  [4.5, 35],
  [5, 48],
  [5.6, 63.5],
  [3.8, 66.2],
  [4.2, 67],
  [8.6, 67],
  [8.7, 63.5],
  [8.8, 48],
];
const FIGURE_CENTRE = 9.5;
const CROTCH: readonly [number, number] = [FIGURE_CENTRE, 38.5];

/** A closed outline through these corners, each rounded off: curves through the midpoints of its sides. */
function roundedOutline(points: ReadonlyArray<readonly [number, number]>): string {
  const mid = (a: readonly [number, number], b: readonly [number, number]) =>
    `${(a[0] + b[0]) / 2} ${(a[1] + b[1]) / 2}`;
  const at = (index: number) => points[(index + points.length) % points.length] as readonly [number, number];
  const curves = points.map((point, index) => `Q${point[0]} ${point[1]} ${mid(point, at(index + 1))}`);
  return `M${mid(at(-1), at(0))} ${curves.join(' ')} Z`;
}

const FIGURE_OUTLINE = roundedOutline([
  ...FIGURE_LEFT,
  CROTCH,
  ...FIGURE_LEFT.map(([x, y]) => [2 * FIGURE_CENTRE - x, y] as const).reverse(),
]);

/** A standing adult, 67 in tall from the top of the head to the soles, drawn as one soft silhouette. */
function Person({ rect, colour }: { rect: Rect; colour: string }) {
  return (
    <g data-testid="wall-person" transform={`translate(${rect.x} ${rect.y})`} fill={colour}>
      <ellipse cx={FIGURE_CENTRE} cy={4.4} rx={3.9} ry={4.4} />
      <path d={FIGURE_OUTLINE} />
    </g>
  );
}

/**
 * The wall, drawn in inches (viewBox) and scaled as one piece to the width it is given: sofa, person and artwork keep
 * their true sizes relative to each other at any screen width. Nothing is uploaded: the artwork's own picture is
 * drawn at the chosen print size, cropped to it the way the print pack crops (centred).
 */
export function WallScene({ imageUrl, print, frame, mat, wall, label }: WallSceneProps) {
  const ids = useId();
  const [light, oak, shadow, floor] = ['light', 'oak', 'shadow', 'floor'].map((name) => `${ids}${name}`);
  const layout = wallLayout(print, frame, mat);
  const { outer } = layout;

  return (
    <svg
      className="scene-dialog__drawing"
      viewBox={`0 0 ${SCENE.width} ${SCENE_HEIGHT}`}
      role="img"
      aria-label={label}
      data-testid="wall-scene"
    >
      <defs>
        <radialGradient id={light} cx="50%" cy="0%" r="90%">
          <stop offset="0%" stopColor="#fff" stopOpacity={0.22} />
          <stop offset="100%" stopColor="#fff" stopOpacity={0} />
        </radialGradient>
        {/* Oak: a pale wood with darker streaks of grain. */}
        <linearGradient id={oak} x1="0" y1="0" x2="1" y2="0.15">
          {['#c9a06c', '#b98c58', '#cfa673', '#b48753', '#c59a66', '#ad7f4c', '#c89d69'].map((colour, index, all) => (
            <stop key={colour} offset={`${(index / (all.length - 1)) * 100}%`} stopColor={colour} />
          ))}
        </linearGradient>
        <filter id={shadow} x="-20%" y="-20%" width="140%" height="140%">
          <feGaussianBlur stdDeviation={0.8} />
        </filter>
        <linearGradient id={floor} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={FLOOR_COLOUR} />
          <stop offset="100%" stopColor="#9c7e60" />
        </linearGradient>
      </defs>

      <rect data-testid="wall-surface" x={0} y={0} width={SCENE.width} height={FLOOR_Y} fill={wall.hex} />
      <rect x={0} y={0} width={SCENE.width} height={FLOOR_Y} fill={`url(#${light})`} />
      <rect x={0} y={FLOOR_Y - SKIRTING_HEIGHT} width={SCENE.width} height={SKIRTING_HEIGHT} fill={SKIRTING_COLOUR} />
      <rect x={0} y={FLOOR_Y - SKIRTING_HEIGHT} width={SCENE.width} height={0.3} fill="#000" opacity={0.08} />
      <rect x={0} y={FLOOR_Y} width={SCENE.width} height={SCENE.floorDepth} fill={`url(#${floor})`} />

      {/* Soft shadows: the sofa's on the floor, the artwork's on the wall (a little below it, as from a ceiling light). */}
      <ellipse
        cx={layout.sofa.x + layout.sofa.width / 2}
        cy={FLOOR_Y + 0.6}
        rx={layout.sofa.width / 2 + 2}
        ry={1.6}
        fill="#000"
        opacity={0.18}
        filter={`url(#${shadow})`}
      />
      <rect
        x={outer.x + 0.3}
        y={outer.y + 0.9}
        width={outer.width}
        height={outer.height}
        fill="#000"
        opacity={wall.dark ? 0.35 : 0.22}
        filter={`url(#${shadow})`}
      />

      <Person rect={layout.person} colour={wall.dark ? '#e9e4dc' : '#4a4f57'} />
      <Sofa rect={layout.sofa} />

      <g data-testid="wall-hung">
        {layout.frame && (
          <>
            <rect
              data-testid="wall-frame"
              data-frame={frame}
              {...box(layout.frame)}
              fill={frame === 'oak' ? `url(#${oak})` : FRAME_COLOURS[frame as Exclude<FrameStyle, 'none'>]}
            />
            {/* The moulding's inner edge, a shade darker: gives the frame its depth. */}
            <rect
              x={layout.frame.x + FRAME_WIDTH - 0.125}
              y={layout.frame.y + FRAME_WIDTH - 0.125}
              width={layout.frame.width - 2 * FRAME_WIDTH + 0.25}
              height={layout.frame.height - 2 * FRAME_WIDTH + 0.25}
              fill="none"
              stroke="#000"
              strokeOpacity={frame === 'black' ? 0.5 : 0.15}
              strokeWidth={0.25}
            />
          </>
        )}
        {layout.mat && <rect data-testid="wall-mat" {...box(layout.mat)} fill={MAT_COLOUR} />}
        <image data-testid="wall-artwork" href={imageUrl} {...box(layout.print)} preserveAspectRatio="xMidYMid slice" />
        {/* The mat's bevelled window casts a hairline around the print. */}
        {layout.mat && (
          <rect {...box(layout.print)} fill="none" stroke="#000" strokeOpacity={0.18} strokeWidth={0.15} />
        )}
      </g>
    </svg>
  );
}
