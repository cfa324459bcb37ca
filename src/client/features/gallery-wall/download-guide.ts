import type { GalleryGuideBody } from '#shared/prints/gallery-wall-schema.ts';
import { apiErrorFrom } from '#client/lib/api-client.ts';

/**
 * Asks the server for the hanging guide PDF and hands it to the browser as a download. The server plans the
 * arrangement again from the same shared module, with each size checked against the artwork's print pack.
 */
export async function downloadGuide(body: GalleryGuideBody): Promise<void> {
  const response = await fetch('/api/gallery-wall/guide', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/pdf' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw apiErrorFrom(response.status, response.statusText, await response.json().catch(() => null));
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = 'Hanging guide.pdf';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has started the download: revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
