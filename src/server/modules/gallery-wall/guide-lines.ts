import type { FrameStyle } from '#shared/prints/framing.ts';
import { GALLERY_LAYOUT_NAMES } from '#shared/prints/gallery-layout.ts';
import type { GallerySettings, GalleryPlan } from '#shared/prints/gallery-wall.ts';
import { lengthText, sidesText, toInches, type WallUnit } from '#shared/prints/wall-units.ts';
import type { GuidePiece } from './pieces';

// The hanging guide's words, apart from how the PDF lays them out: every length from the plan, each rounded on its
// own (wall-units.ts), with labels a test can find again ('Nail for frame 2: … from the left, … from the top, …
// above the floor').

export interface GuideFrameText {
  heading: string;
  lines: string[];
}

export interface GuideText {
  summary: string;
  facts: Array<[string, string]>;
  note: string;
  frames: GuideFrameText[];
  distances: string[];
}

const UNIT_WORDS: Record<WallUnit, string> = {
  in: 'inches, to the nearest 1/8 in',
  cm: 'centimetres, to the nearest 0.5 cm',
};

function framingWords(frame: FrameStyle, mat: boolean): string {
  const frames = frame === 'none' ? 'no frames' : `${frame} frames`;
  return `${frames}, ${mat ? 'a white mat' : 'no mat'}`;
}

const NAIL_NAMES = [['Nail'], ['Left nail', 'Right nail']] as const;

export function guideText(pieces: readonly GuidePiece[], plan: GalleryPlan, settings: GallerySettings): GuideText {
  const { unit } = settings;
  const len = (inches: number) => lengthText(inches, unit);
  const { hanging } = plan;
  const layoutName = GALLERY_LAYOUT_NAMES[settings.layout].toLowerCase();
  return {
    summary: `${pieces.length} artworks, ${layoutName} layout: ${framingWords(settings.frame, settings.mat)}.`,
    facts: [
      ['Overall size', sidesText(hanging.width, hanging.height, unit)],
      ['Centre', `${len(hanging.bottomFromFloor + hanging.height / 2)} above the floor`],
      ['Top edge', `${len(hanging.topFromFloor)} above the floor`],
      ['Bottom edge', `${len(hanging.bottomFromFloor)} above the floor`],
      ['Gap between frames', len(toInches(settings.gap, unit))],
      ["Hook's drop", `${len(toInches(settings.hookDrop, unit))} below each frame's top edge`],
    ],
    note:
      `Distances from the left and from the top are measured from the arrangement's top-left corner; heights from ` +
      `the floor up. All in ${UNIT_WORDS[unit]}.`,
    frames: hanging.frames.map((frame) => {
      const piece = pieces[frame.index]!;
      const number = frame.index + 1;
      const names = NAIL_NAMES[frame.nails.length - 1]!;
      return {
        heading: `Frame ${number}: ${piece.title} by ${piece.artist}`,
        lines: [
          `Print: ${piece.sizeLabel}`,
          `Outer size of frame ${number}: ${sidesText(frame.width, frame.height, unit)}`,
          `Top-left corner of frame ${number}: ${len(frame.x)} from the left, ${len(frame.y)} from the top`,
          `Top edge of frame ${number}: ${len(frame.topFromFloor)} above the floor`,
          ...frame.nails.map(
            (nail, n) =>
              `${names[n]} for frame ${number}: ${len(nail.x)} from the left, ${len(nail.y)} from the top, ` +
              `${len(nail.fromFloor)} above the floor`,
          ),
        ],
      };
    }),
    distances: hanging.gaps.map(
      (gap) =>
        `Frame ${gap.from + 1} to frame ${gap.to + 1} (${gap.side === 'right' ? 'side by side' : 'one above the other'}): ${len(gap.distance)}`,
    ),
  };
}
