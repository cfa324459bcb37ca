import os from 'node:os';
import path from 'node:path';
import { PRINT_DPI, RATIO_IDS, printRatio, type RatioId } from '#shared/prints/print-sizes.ts';
import { cutInChild, type CutOutput } from './cut-in-child';
import { MAX_MASTER_PIXELS } from '#shared/prints/master-print-sizes.ts';
import { uprightSize } from './master-size';
import { centredCrop, toPixels, type CropFractions, type PixelCrop } from '#shared/prints/ratio-crop.ts';
import { PIN_SIZE } from './pin-image';
import { PREVIEW_SIZE, startingCrops } from './starting-crop';
import { ratioFileName } from './ratio-file-name';

export type PackFormat = 'jpeg' | 'png';

/**
 * What print shops ask for: JPEG at quality 92 (as the store's other JPGs, convert-image.ts) with full-resolution
 * colour (4:4:4). Huffman optimisation is off: it made a file about 18 % smaller, but took 9 times as long and held
 * the whole image while it worked (a 78 MP file: 1.2 GB peak against 0.36 GB; decision 0031).
 */
const ENCODING: Record<PackFormat, { extension: string; options: Record<string, unknown> }> = {
  jpeg: { extension: 'jpg', options: { quality: 92, chromaSubsampling: '4:4:4', optimiseCoding: false } },
  png: { extension: 'png', options: { compressionLevel: 6 } },
};

/** Two outputs at a time: one a core on the two-core machine the store is sized for; more only add memory there. */
const THREADS = Math.min(2, os.availableParallelism());

export interface PackRequest {
  /** The master on local disk: vips reads a file by random access, where a stream would be held whole in memory. */
  master: string;
  /** Where the files go, named `<ratio>.<extension>` (`4x5.jpg`). */
  folder: string;
  title: string;
  artworkId: number;
  /** The owner's crops, as fractions of the upright master. */
  crops?: Partial<Record<RatioId, CropFractions>>;
  /**
   * Where a ratio without a crop is cut: centred (the default), or 'found' around the focal point of the picture
   * (starting-crop.ts), on a small preview the child writes from its decode.
   */
  missingCrops?: 'centred' | 'found';
  /** The files to make: by default one JPEG per ratio. A PNG of a ratio is cut from the same crop as its JPEG. */
  files?: Array<{ ratio: RatioId; format: PackFormat }>;
  /**
   * Also the public Pinterest image, from the same decode: this 2:3 crop (fractions of the master) shrunk to
   * PIN_SIZE (by default the crop chosen for the 2:3 file), written to `file`. Made here rather than in the store's process, which must not hold a picture.
   */
  pin?: { file: string; crop?: CropFractions };
}

export interface PackFile {
  ratio: RatioId;
  format: PackFormat;
  path: string;
  /** The name a buyer saves it under: 'Museum Arches – 4x5 (8x10, 16x20 in).jpg'. */
  fileName: string;
  /** The part of the upright master it shows, in pixels: also the file's size. */
  crop: PixelCrop;
}

/**
 * Writes the print pack's files from one master: each the crop of its ratio at the master's own pixels (never
 * scaled), 8-bit sRGB with the sRGB profile embedded, 300 DPI, and no other metadata. The peak memory of the
 * process that made them comes back with them.
 */
export async function makeRatioFiles(
  request: PackRequest,
  progress: {
    /** Every file's crop, once chosen and before any file is cut. */
    onCrops?: (crops: Partial<Record<RatioId, CropFractions>>) => Promise<void>;
    onFile?: (file: PackFile) => void;
  } = {},
): Promise<{ files: PackFile[]; peakRssBytes: number }> {
  const size = await uprightSize(request.master);
  const wanted = request.files ?? RATIO_IDS.map((ratio) => ({ ratio, format: 'jpeg' as const }));
  const findCrops = request.missingCrops === 'found' && wanted.some(({ ratio }) => !request.crops?.[ratio]);
  const preview = findCrops ? { file: path.join(request.folder, 'preview.png'), size: PREVIEW_SIZE } : undefined;
  let files: PackFile[] = [];

  const chooseOutputs = async (): Promise<CutOutput[]> => {
    const found = preview ? await startingCrops(preview.file, size) : undefined;
    const crops = Object.fromEntries(
      wanted.map(({ ratio }) => [
        ratio,
        request.crops?.[ratio] ?? found?.[ratio] ?? centredCrop(printRatio(ratio), size),
      ]),
    ) as Partial<Record<RatioId, CropFractions>>;
    await progress.onCrops?.(crops);
    files = wanted.map(({ ratio: id, format }): PackFile => {
      const ratio = printRatio(id);
      const crop = toPixels(ratio, crops[id]!, size);
      const { extension } = ENCODING[format];
      return {
        ratio: id,
        format,
        path: path.join(request.folder, `${id}.${extension}`),
        fileName: ratioFileName(request.title, request.artworkId, ratio, crop, extension),
        crop,
      };
    });
    const outputs = files.map((file): CutOutput => ({
      file: file.path,
      crop: file.crop,
      format: file.format,
      options: ENCODING[file.format].options,
    }));
    if (request.pin) {
      outputs.push({
        file: request.pin.file,
        crop: toPixels(printRatio('2x3'), request.pin.crop ?? crops['2x3']!, size),
        format: 'jpeg',
        options: { quality: 85 },
        fitInside: PIN_SIZE,
      });
    }
    return outputs;
  };

  const { peakRssBytes } = await cutInChild(
    {
      master: request.master,
      limitInputPixels: MAX_MASTER_PIXELS,
      density: PRINT_DPI,
      threads: THREADS,
      preview,
      outputs: chooseOutputs,
    },
    {
      onOutput: (written) => {
        // The Pinterest image is no print file: it is there once the child is done.
        const file = files.find((candidate) => candidate.path === written);
        if (file) progress.onFile?.(file);
      },
    },
  );
  return { files, peakRssBytes };
}
