export interface ShareSubject {
  title: string;
  artist: string;
  description: string;
  price: string;
  url: string;
  /** The picture a pin shows (an absolute address): the artwork's 2:3 Pinterest image, when it has one. */
  media?: string | null;
}

export interface ShareTarget {
  id: string;
  label: string;
  toast: string;
  href(subject: ShareSubject): string;
  /** Social share dialogs open in a 600 × 400 window; the others in a new tab or the mail program. */
  popup: boolean;
}

const SHARE_TEXT_LENGTH = 100;

export function shareText(subject: ShareSubject): string {
  const description =
    subject.description.length > SHARE_TEXT_LENGTH
      ? `${subject.description.slice(0, SHARE_TEXT_LENGTH)}...`
      : subject.description;
  return `${subject.title} by ${subject.artist} - ${description}`;
}

/** What "Copy artwork details" puts on the clipboard. */
export function artworkDetails(subject: ShareSubject): string {
  return [subject.title, `by ${subject.artist}`, subject.price, '', subject.description, '', subject.url].join('\n');
}

const e = encodeURIComponent;

export const SHARE_TARGETS: ShareTarget[] = [
  {
    id: 'email',
    label: 'Email',
    toast: 'Email client opened!',
    popup: false,
    href: (s) => `mailto:?subject=${e(`Check out "${s.title}"`)}&body=${e(`${shareText(s)}\n\n${s.url}`)}`,
  },
  {
    id: 'whatsapp',
    label: 'WhatsApp',
    toast: 'WhatsApp opened!',
    popup: false,
    href: (s) => `https://wa.me/?text=${e(`${shareText(s)} ${s.url}`)}`,
  },
  {
    id: 'facebook',
    label: 'Facebook',
    toast: 'Facebook share dialog opened!',
    popup: true,
    href: (s) => `https://www.facebook.com/sharer/sharer.php?u=${e(s.url)}`,
  },
  {
    id: 'twitter',
    label: 'Twitter',
    toast: 'Twitter share dialog opened!',
    popup: true,
    href: (s) => `https://twitter.com/intent/tweet?text=${e(shareText(s))}&url=${e(s.url)}`,
  },
  {
    id: 'pinterest',
    label: 'Pinterest',
    toast: 'Pinterest share dialog opened!',
    popup: true,
    href: (s) =>
      `https://pinterest.com/pin/create/button/?url=${e(s.url)}${s.media ? `&media=${e(s.media)}` : ''}` +
      `&description=${e(shareText(s))}`,
  },
  {
    id: 'linkedin',
    label: 'LinkedIn',
    toast: 'LinkedIn share dialog opened!',
    popup: true,
    href: (s) => `https://www.linkedin.com/sharing/share-offsite/?url=${e(s.url)}`,
  },
  {
    id: 'reddit',
    label: 'Reddit',
    toast: 'Reddit share dialog opened!',
    popup: true,
    href: (s) => `https://www.reddit.com/submit?url=${e(s.url)}&title=${e(s.title)}`,
  },
  {
    id: 'telegram',
    label: 'Telegram',
    toast: 'Telegram opened!',
    popup: false,
    href: (s) => `https://t.me/share/url?url=${e(s.url)}&text=${e(shareText(s))}`,
  },
];
