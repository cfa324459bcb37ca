import { describe, expect, it } from 'vitest';
import { artworkDetails, SHARE_TARGETS, shareText } from './share-targets';

const subject = {
  title: 'Misty Peaks',
  artist: 'Ana Lee',
  description: 'x'.repeat(150),
  price: '$5.90',
  url: 'https://shop.test/artwork/7',
};

describe('share targets', () => {
  it('has every share option, social dialogs in a popup', () => {
    expect(SHARE_TARGETS.map((t) => t.label)).toEqual([
      'Email',
      'WhatsApp',
      'Facebook',
      'Twitter',
      'Pinterest',
      'LinkedIn',
      'Reddit',
      'Telegram',
    ]);
    expect(SHARE_TARGETS.filter((t) => t.popup).map((t) => t.id)).toEqual([
      'facebook',
      'twitter',
      'pinterest',
      'linkedin',
      'reddit',
    ]);
    expect(SHARE_TARGETS.find((t) => t.id === 'telegram')?.toast).toBe('Telegram opened!');
  });

  it('pins the artwork’s 2:3 image when it has one, else lets Pinterest choose from the page', () => {
    const pinterest = SHARE_TARGETS.find((t) => t.id === 'pinterest')!;
    const media = 'https://shop.test/files/pins/7-3.jpg';
    expect(pinterest.href({ ...subject, media })).toContain(`&media=${encodeURIComponent(media)}&`);
    expect(pinterest.href(subject)).not.toContain('media=');
  });

  it('uses the first 100 characters of the description', () => {
    expect(shareText(subject)).toBe(`Misty Peaks by Ana Lee - ${'x'.repeat(100)}...`);
  });

  it('puts the page address, encoded, into every link', () => {
    for (const target of SHARE_TARGETS) expect(target.href(subject)).toContain(encodeURIComponent(subject.url));
    expect(SHARE_TARGETS[0]?.href(subject)).toMatch(/^mailto:\?subject=/);
  });

  it('copies title, artist, price, description and link as the artwork details', () => {
    expect(artworkDetails(subject).split('\n')).toEqual([
      'Misty Peaks',
      'by Ana Lee',
      '$5.90',
      '',
      'x'.repeat(150),
      '',
      subject.url,
    ]);
  });
});
