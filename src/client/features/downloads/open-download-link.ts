import type { DownloadLink } from '#shared/orders/downloads-schema.ts';

/** The two ways out of the page a download link takes; a parameter so that tests can watch them. */
export interface LinkOpener {
  assign: (url: string) => void;
  openTab: (url: string) => void;
}

const browserOpener: LinkOpener = {
  assign: (url) => window.location.assign(url),
  openTab: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
};

/**
 * Starts a download. Our own files are sent as attachments, so going to their link saves the file and leaves the
 * page where it is; a Google Drive link is a page of its own, opened in a new tab.
 */
export function openDownloadLink(link: DownloadLink, opener: LinkOpener = browserOpener): void {
  if (link.kind === 'drive') opener.openTab(link.url);
  else opener.assign(link.url);
}
