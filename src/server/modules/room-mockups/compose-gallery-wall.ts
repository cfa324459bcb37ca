import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ComposeMessage, ComposeReply } from '../../operations/children/compose-mockups-child';
import { spawnChild } from '../../operations/spawn-child';
import { LAYER_CACHE } from './compose-in-child';
import { MOCKUP_WIDTHS } from './compose-mockups';
import { galleryWallLayers } from './gallery-wall-layers';
import { SCENE_HEIGHT, SCENE_WIDTH } from './svg-kit';

// A set's gallery-wall cover (decision 0073), composed in the same child program as the room mockups and for the
// same reason (compose-in-child.ts): sharp's memory leaves with the child. Background priority, as theirs.

const BACKGROUND_PRIORITY = 19;

export interface GalleryWallPiece {
  /** The piece's picture on disk (a public rendition, upright). */
  file: string;
  /** Its width / height, from the rendition's recorded size. */
  aspect: number;
}

export interface ComposedWall {
  width: number;
  height: number;
  file: string;
}

/** The gallery wall of these pieces, in their order, as WebP files at the mockups' widths in `folder`. */
export async function composeGalleryWall(
  pieces: readonly GalleryWallPiece[],
  folder: string,
  layerCache = LAYER_CACHE,
): Promise<ComposedWall[]> {
  const layers = galleryWallLayers(pieces.map((piece) => piece.aspect));
  await fs.mkdir(folder, { recursive: true });
  const outputs = MOCKUP_WIDTHS.map((wanted) => {
    const width = Math.min(wanted, SCENE_WIDTH);
    const height = Math.round((width * SCENE_HEIGHT) / SCENE_WIDTH);
    return { width, height, file: path.join(folder, `gallery-wall-${width}.webp`) };
  });
  const job = {
    wall: layers.wall,
    framing: layers.framing,
    front: layers.front,
    pieces: pieces.map((piece, index) => ({ file: piece.file, window: layers.windows[index]! })),
    outputs,
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawnChild('compose-mockups-child');
      child.on('message', (reply: ComposeReply | undefined) => {
        if (reply?.kind === 'done') {
          resolve();
          child.disconnect();
        } else if (reply?.kind === 'failed') {
          reject(new Error(`composing the gallery wall failed: ${reply.error}`));
          if (child.connected) child.disconnect();
        }
      });
      if (child.pid !== undefined) os.setPriority(child.pid, BACKGROUND_PRIORITY);
      child.on('error', reject);
      child.on('exit', (code, signal) => reject(new Error(`the gallery-wall composer ended (${signal ?? code})`)));
      child.send({ kind: 'compose-wall', job, layerCache } satisfies ComposeMessage);
    });
  } catch (error) {
    await Promise.all(outputs.map((output) => fs.rm(output.file, { force: true })));
    throw error;
  }
  return outputs;
}
