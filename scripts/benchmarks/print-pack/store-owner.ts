// The owner's side of the print pack as the workspace drives it: signed in, the master uploaded as the private
// file, artworks created with it (each queues its pack), and every artwork's pack progress.
import fs from 'node:fs';
import path from 'node:path';
import { RATIO_IDS } from '#shared/prints/print-sizes.ts';
import { expect } from '../shared/store-http';

export interface StoreOwner {
  /** An artwork with the master; its pack is queued at once. */
  createArtwork(title: string): Promise<number>;
  /** An owner's change that makes no new pack (the ratios as they are): the catalogue's kept answers are dropped. */
  touch(artworkId: number): Promise<void>;
  /** Each artwork's newest generation: status, files done of total. */
  progress(): Promise<Array<{ artworkId: number; status: string; done: number; total: number }>>;
}

export async function ownerWithMaster(
  origin: string,
  account: { email: string; password: string },
  master: string,
): Promise<StoreOwner> {
  const signIn = await expect(200, origin, 'POST', '/api/auth/sign-in', { body: account });
  const cookie = signIn.cookies.find((c) => c.includes('=') && !c.endsWith('=')) ?? '';
  const uploadOne = async (kind: string, file: string, contentType: string) => {
    const answer = await expect<{ files: Array<{ url: string | null; path: string }> }>(
      201,
      origin,
      'POST',
      `/api/uploads?kind=${kind}`,
      {
        cookie,
        files: [{ name: path.basename(file), content: fs.readFileSync(file), contentType }],
        timeoutMs: 300_000,
      },
    );
    const [stored] = answer.body.files;
    if (!stored) throw new Error('the upload answered no file');
    return stored;
  };
  const original = await uploadOne('private', master, 'image/jpeg');
  // The preview is the master's own picture, made smaller: any picture would do, the pages show it.
  const previewFile = `${master}.preview.jpg`;
  if (!fs.existsSync(previewFile)) {
    const sharp = (await import('sharp')).default;
    await sharp(master).resize(1200).jpeg().toFile(previewFile);
  }
  const preview = await uploadOne('preview', previewFile, 'image/jpeg');

  return {
    async createArtwork(title) {
      const answer = await expect<{ id: number }>(201, origin, 'POST', '/api/artworks', {
        cookie,
        body: {
          title,
          artist: 'Bench Owner',
          price: 30,
          description: 'A large print master, for the print pack benchmark.',
          category: 'nature',
          previewUrl: preview.url,
          privateFileKey: original.path,
        },
      });
      return answer.body.id;
    },
    async touch(artworkId) {
      await expect(200, origin, 'PUT', `/api/admin/artworks/${artworkId}/print-pack`, {
        cookie,
        body: { ratios: [...RATIO_IDS] },
      });
    },
    async progress() {
      const answer = await expect<{
        items: Array<{ artworkId: number; status: string; done: number; total: number }>;
      }>(200, origin, 'GET', '/api/admin/print-packs', { cookie });
      return answer.body.items;
    },
  };
}
