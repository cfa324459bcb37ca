import type { OwnerPrintPack } from '#shared/prints/print-pack-schema.ts';
import { printLabel } from '#shared/prints/print-sizes.ts';

type PackFile = NonNullable<OwnerPrintPack['ratios'][number]['file']>;

/** One ratio's file as the owner sees it: 'Queued', 'Making', 'Ready: 4800 × 6000 px — up to 16 × 20 in at 300 DPI', 'Failed: …'. */
export function fileStatusText(file: PackFile | null): string {
  if (!file) return 'Not in this pack';
  switch (file.status) {
    case 'queued':
      return 'Queued';
    case 'making':
      return 'Making';
    case 'ready':
      return file.width && file.height ? `Ready: ${printLabel(file.width, file.height)}` : 'Ready';
    case 'failed':
      return file.error ? `Failed: ${file.error}` : 'Failed';
  }
}
