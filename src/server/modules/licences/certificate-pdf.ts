import type { LicenceCertificate } from '#shared/licences/licence-schema.ts';
import { startPdf } from '../../pdf-document';

// The certificate as a one-page PDF, in DejaVu Sans (pdf-document.ts): names print as written.

const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export interface CertificatePdfInput {
  certificate: LicenceCertificate;
  storeName: string;
  verifyUrl: string;
}

export function certificatePdf({ certificate: c, storeName, verifyUrl }: CertificatePdfInput): Promise<Buffer> {
  const { doc, done } = startPdf({
    title: `License certificate ${c.certificateNumber}`,
    author: storeName,
    margin: 56,
  });
  const width = doc.page.width - 112;
  const muted = '#5f6b76';

  doc.font('regular').fontSize(11).fillColor(muted).text(storeName.toUpperCase(), { characterSpacing: 1.5 });
  doc.moveDown(0.4).font('bold').fontSize(26).fillColor('#1f2933').text('License certificate');
  doc.moveDown(1).font('regular').fontSize(12).text('This certifies that');
  doc.moveDown(0.3).font('bold').fontSize(20).text(c.holderName);
  doc.moveDown(0.5).font('regular').fontSize(12).text('holds a');
  doc.moveDown(0.3).font('bold').fontSize(16).text(c.licenceLabel);
  doc.moveDown(0.5).font('regular').fontSize(12).text('for the artwork');
  doc.moveDown(0.3).font('bold').fontSize(16).text(`${c.artworkTitle}`, { continued: true });
  doc.font('regular').text(` by ${c.artist}`);

  doc.moveDown(1.2).fontSize(11);
  const facts: Array<[string, string]> = [
    ['Certificate number', c.certificateNumber],
    ['Order', c.orderNumber],
    ['Purchased', LONG_DATE.format(new Date(c.purchasedAt))],
    ['Licence terms', c.termsVersion === null ? 'as published at the time of purchase' : `version ${c.termsVersion}`],
  ];
  for (const [label, value] of facts) {
    doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
  }

  if (c.terms) {
    doc.moveDown(1).font('bold').fontSize(12).text(`The terms (version ${c.terms.version})`);
    doc.moveDown(0.3).font('regular').fontSize(10).text(c.terms.summary, { width });
    doc.moveDown(0.5).font('bold').text('You may:');
    doc.font('regular').list(c.terms.allowed, { width, bulletRadius: 2 });
    doc.moveDown(0.5).font('bold').text('Not allowed:');
    doc.font('regular').list(c.terms.notAllowed, { width, bulletRadius: 2 });
  }

  doc.moveDown(1.2).font('regular').fontSize(10).fillColor(muted);
  doc.text('The licence belongs to the person named above and cannot be transferred. Check this certificate at:', {
    width,
  });
  doc.fillColor('#b4532a').text(verifyUrl, { link: verifyUrl, underline: true, width });
  doc.end();
  return done;
}
