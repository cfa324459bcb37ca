import type { Hanging } from '#shared/prints/gallery-hanging.ts';
import { borderOf, FRAME_COLOURS, FRAME_WIDTH, type FrameStyle } from '#shared/prints/framing.ts';

// The arrangement on a wall, drawn in inches (the SVG's viewBox) and scaled as one piece: every frame keeps its
// true size relative to the others and to the wall's height. The wall is at least 11 ft wide and 8 ft high, wider
// or higher when the arrangement needs it; the arrangement's centre is at the chosen height above the floor.

interface GalleryScenePicture {
  url: string;
}

interface GallerySceneProps {
  hanging: Hanging;
  pictures: readonly GalleryScenePicture[];
  frame: FrameStyle;
  mat: boolean;
  label: string;
}

const MIN_WALL = { width: 132, height: 96 };
const MARGIN = 12;
const FLOOR_DEPTH = 6;

export function GalleryScene({ hanging, pictures, frame, mat, label }: GallerySceneProps) {
  const width = Math.max(MIN_WALL.width, hanging.width + 2 * MARGIN);
  const wallHeight = Math.max(MIN_WALL.height, hanging.topFromFloor + MARGIN);
  const left = (width - hanging.width) / 2;
  const top = wallHeight - hanging.topFromFloor;
  const border = borderOf(frame, mat);
  const centreY = wallHeight - (hanging.topFromFloor - hanging.height / 2);

  return (
    <svg
      className="scene-dialog__drawing"
      viewBox={`0 0 ${width} ${wallHeight + FLOOR_DEPTH}`}
      role="img"
      aria-label={label}
      data-testid="gallery-scene"
    >
      <rect x={0} y={0} width={width} height={wallHeight} fill="#f3f1ec" />
      <rect x={0} y={wallHeight - 4} width={width} height={4} fill="#e4dfd6" />
      <rect x={0} y={wallHeight} width={width} height={FLOOR_DEPTH} fill="#b79878" />
      {/* The centre line the arrangement hangs on, dashed across the wall. */}
      <line
        x1={0}
        x2={width}
        y1={centreY}
        y2={centreY}
        stroke="#b4532a"
        strokeWidth={0.3}
        strokeDasharray="2 1.5"
        opacity={0.6}
      />
      <g data-testid="gallery-frames" transform={`translate(${left} ${top})`}>
        {hanging.frames.map((placed) => {
          const picture = pictures[placed.index];
          return (
            <g key={placed.index} data-testid="gallery-frame" data-index={placed.index}>
              <rect
                x={placed.x + 0.3}
                y={placed.y + 0.8}
                width={placed.width}
                height={placed.height}
                fill="#000"
                opacity={0.18}
              />
              <rect
                x={placed.x}
                y={placed.y}
                width={placed.width}
                height={placed.height}
                fill={frame === 'none' ? '#fdfdfb' : FRAME_COLOURS[frame]}
              />
              {mat && frame !== 'none' && (
                <rect
                  x={placed.x + FRAME_WIDTH}
                  y={placed.y + FRAME_WIDTH}
                  width={placed.width - 2 * FRAME_WIDTH}
                  height={placed.height - 2 * FRAME_WIDTH}
                  fill="#fdfdfb"
                />
              )}
              {picture && (
                <image
                  href={picture.url}
                  x={placed.x + border}
                  y={placed.y + border}
                  width={placed.width - 2 * border}
                  height={placed.height - 2 * border}
                  preserveAspectRatio="xMidYMid slice"
                />
              )}
            </g>
          );
        })}
        {hanging.frames.flatMap((placed) =>
          placed.nails.map((nail, n) => (
            <circle
              key={`${placed.index}-${n}`}
              data-testid="gallery-nail"
              cx={nail.x}
              cy={nail.y}
              r={0.6}
              fill="#b4532a"
              stroke="#fff"
              strokeWidth={0.2}
            />
          )),
        )}
      </g>
    </svg>
  );
}
