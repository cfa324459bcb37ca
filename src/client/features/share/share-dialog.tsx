import { useEffect, useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toast';
import { copyText } from './copy-text';
import { artworkDetails, SHARE_TARGETS, shareText, type ShareSubject, type ShareTarget } from './share-targets';

interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** The artwork; its page is given as a path and shared with this site's address. */
  subject: Omit<ShareSubject, 'url'> & { path: string };
}

const POPUP_FEATURES = 'width=600,height=400,noopener,noreferrer';

export function ShareDialog({ open, onClose, subject: page }: ShareDialogProps) {
  const toast = useToast();
  // Known only in the browser: decided after the first render, so the server's HTML and the browser's match.
  const [canShareNatively, setCanShareNatively] = useState(false);
  const [origin, setOrigin] = useState('');
  useEffect(() => {
    setCanShareNatively(typeof navigator.share === 'function');
    setOrigin(window.location.origin);
  }, []);
  const subject: ShareSubject = { ...page, url: `${origin}${page.path}` };

  const copy = async (text: string, message: string) => {
    try {
      await copyText(text);
      toast(message);
    } catch {
      toast('Could not copy. Please copy the address from the address bar.');
    }
  };

  const shareNatively = async () => {
    try {
      await navigator.share({ title: subject.title, text: shareText(subject), url: subject.url });
      toast('Shared successfully!');
    } catch (error) {
      // Closing the share sheet is not a failure; anything else falls back to copying the link.
      if ((error as DOMException)?.name !== 'AbortError') await copy(subject.url, 'Link copied to clipboard!');
    }
  };

  const openTarget = (target: ShareTarget) => {
    const href = target.href(subject);
    if (href.startsWith('mailto:')) window.location.assign(href);
    else window.open(href, '_blank', target.popup ? POPUP_FEATURES : 'noopener,noreferrer');
    toast(target.toast);
  };

  return (
    <Dialog open={open} onClose={onClose} title="Share this artwork">
      <ul className="share-options">
        {canShareNatively && (
          <li>
            <button type="button" className="button button--block" onClick={() => void shareNatively()}>
              Share with apps
            </button>
          </li>
        )}
        <li>
          <button
            type="button"
            className="button button--block"
            onClick={() => void copy(subject.url, 'Link copied to clipboard!')}
          >
            Copy link
          </button>
        </li>
        <li>
          <button
            type="button"
            className="button button--block"
            onClick={() => void copy(artworkDetails(subject), 'Artwork details copied to clipboard!')}
          >
            Copy artwork details
          </button>
        </li>
        {SHARE_TARGETS.map((target) => (
          <li key={target.id}>
            <button type="button" className="button button--block" onClick={() => openTarget(target)}>
              {target.label}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
