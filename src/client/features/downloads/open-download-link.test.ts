import { describe, expect, it, vi } from 'vitest';
import { openDownloadLink } from './open-download-link';

const opener = () => ({ assign: vi.fn(), openTab: vi.fn() });

describe('opening a download link', () => {
  it('goes to our own file in the page itself (it arrives as an attachment, so the page stays)', () => {
    const watch = opener();
    openDownloadLink(
      { url: '/api/downloads/file/a.png?sig=x', kind: 'file', fileName: 'A.png', expiresAt: null },
      watch,
    );
    expect(watch.assign).toHaveBeenCalledWith('/api/downloads/file/a.png?sig=x');
    expect(watch.openTab).not.toHaveBeenCalled();
  });

  it('opens a Google Drive link in a new tab', () => {
    const watch = opener();
    openDownloadLink(
      { url: 'https://drive.google.com/file/d/1', kind: 'drive', fileName: null, expiresAt: null },
      watch,
    );
    expect(watch.openTab).toHaveBeenCalledWith('https://drive.google.com/file/d/1');
    expect(watch.assign).not.toHaveBeenCalled();
  });
});
