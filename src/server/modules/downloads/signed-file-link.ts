import type { DownloadLink } from '#shared/orders/downloads-schema.ts';
import type { StorageProvider } from '../../providers/storage/storage-provider';

/** A short-lived attachment link to a private file, under the name the buyer saves it as. */
export async function signedFileLink(
  deps: { privateStore: StorageProvider; config: { downloadLinkMs: number } },
  file: { key: string; fileName: string; contentType: string },
): Promise<DownloadLink> {
  const expiresInSeconds = Math.round(deps.config.downloadLinkMs / 1000);
  const url = await deps.privateStore.signedDownloadUrl(file.key, {
    fileName: file.fileName,
    contentType: file.contentType,
    expiresInSeconds,
  });
  return {
    url,
    kind: 'file',
    fileName: file.fileName,
    expiresAt: new Date(Date.now() + expiresInSeconds * 1000).toISOString(),
  };
}
