import fs from 'node:fs/promises';
import path from 'node:path';
import { composeInChild, type ChildUsage, type SceneJob } from './compose-in-child';
import { sceneLayers } from './scene-layers';
import { isMockupScene, type MockupScene } from './scenes';
import { SCENE_HEIGHT, SCENE_WIDTH } from './svg-kit';

// Room mockups: an artwork framed, matted and hung in rooms drawn by code, written as WebP at the widths the public
// pages use. Decision 0047 has the scenes, the sizes and the measurements.

/** The widths kept (public renditions); the scenes are 3:2, and a width is never more than a scene is drawn at. */
export const MOCKUP_WIDTHS = [800, 1600] as const;

/** A WebP file written. */
export interface ComposedMockup {
  scene: MockupScene;
  width: number;
  height: number;
  file: string;
}

export interface ComposeMockupsInput {
  /** The artwork's picture (its largest public rendition, at most 1600 px wide, of any ratio). */
  artwork: string;
  scenes: readonly MockupScene[];
  /** Where to write the WebP files (made when missing): `<scene>-<width>.webp`. */
  folder: string;
  /** Where the rooms' walls and fronts are kept once drawn; the system's temporary folder unless a test says. */
  layerCache?: string;
}

/** The file a scene's mockup at a width is written to, in the folder given. */
export const mockupFileName = (scene: MockupScene, width: number) => `${scene}-${width}.webp`;

/** One mockup per scene per width, in the order of the scenes given and of MOCKUP_WIDTHS. */
export async function composeMockups(input: ComposeMockupsInput): Promise<ComposedMockup[]> {
  return (await composeMockupsMeasured(input)).mockups;
}

/** composeMockups, with what the child that composed them used (for the benchmark). */
export async function composeMockupsMeasured(
  input: ComposeMockupsInput,
): Promise<{ mockups: ComposedMockup[] } & ChildUsage> {
  const unknown = input.scenes.find((scene) => !isMockupScene(scene));
  if (unknown !== undefined) throw new Error(`unknown mockup scene: ${String(unknown)}`);
  const scenes = [...new Set(input.scenes)];
  if (scenes.length === 0) return { mockups: [], peakRssBytes: 0, cpuMs: 0 };
  await fs.mkdir(input.folder, { recursive: true });
  const mockups = scenes.flatMap((scene) =>
    MOCKUP_WIDTHS.map((wanted) => {
      const width = Math.min(wanted, SCENE_WIDTH);
      const height = Math.round((width * SCENE_HEIGHT) / SCENE_WIDTH);
      return { scene, width, height, file: path.join(input.folder, mockupFileName(scene, width)) };
    }),
  );
  const plan = ({ width, height }: { width: number; height: number }): SceneJob[] =>
    scenes.map((scene) => ({
      ...sceneLayers(scene, width / height),
      outputs: mockups.filter((mockup) => mockup.scene === scene),
    }));
  try {
    return { mockups, ...(await composeInChild(input.artwork, plan, input.layerCache)) };
  } catch (error) {
    // No half set left behind: the files of a failed composition are removed.
    await Promise.all(mockups.map((mockup) => fs.rm(mockup.file, { force: true })));
    throw error;
  }
}
