import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './attachment-disposition';

describe('the attachment header', () => {
  it('quotes a plain ASCII name as it is', () => {
    expect(attachmentDisposition('Quiet Harbour.png')).toBe('attachment; filename="Quiet Harbour.png"');
  });

  it('adds the UTF-8 name (RFC 5987) beside an ASCII fallback', () => {
    expect(attachmentDisposition('Été à Nice.png')).toBe(
      `attachment; filename="Ete a Nice.png"; filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20Nice.png`,
    );
    expect(attachmentDisposition('夜.jpg')).toBe(`attachment; filename="_.jpg"; filename*=UTF-8''%E5%A4%9C.jpg`);
  });

  it('lets no quote, backslash or line break out of the quoted name', () => {
    const header = attachmentDisposition('a"b\\c\r\nSet-Cookie: x.png');
    expect(header).toBe(
      `attachment; filename="a_b_c__Set-Cookie: x.png"; filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x.png`,
    );
    expect(header).not.toMatch(/[\r\n]/);
  });
});
