import { Link } from 'react-router';
import { ContactOptions, InfoPage, ReplyTime, type InfoSection } from './info-page';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { useStoreSettings } from '#client/lib/store-settings.ts';
import { bothUnits, frameSizesOf } from '#shared/prints/master-print-sizes.ts';
import { PRINT_RATIOS, type RatioId } from '#shared/prints/print-sizes.ts';

/** What each ratio's file suits, beside the frame sizes it fits (from src/shared/prints/print-sizes.ts). */
const RATIO_NOTES: Record<RatioId, string> = {
  '2x3': 'Classic photo and poster shape',
  '3x4': 'Slightly squarer than 2:3',
  '4x5': 'Very common ready-made frames',
  '5x7': 'Photo frames, and 50 × 70 cm posters',
  '11x14': 'Popular for matted frames',
  'iso-a': 'A-series paper and frames (A4, A3…)',
};

/** The frame sizes of a ratio in the unit shops sell them in, the other unit beside: '8 × 10 in (20.3 × 25.4 cm)'. */
const framesOf = (ratio: RatioId) => frameSizesOf(ratio).map(bothUnits);

export default function DownloadGuidePage() {
  const { downloadText } = useStoreSettings();
  const sections: InfoSection[] = [
    {
      id: 'download',
      title: '1. Download your files',
      content: (
        <>
          <p>Your files are ready as soon as your card payment goes through.</p>
          <ol className="info-steps">
            <li>
              <Link to="/login">Sign in</Link> with the e-mail address and password you used at checkout.
            </li>
            <li>
              Open <Link to="/downloads">My Downloads</Link>: choose Downloads in the menu.
            </li>
            <li>Find your order. Orders are listed newest first, with the order number, date and total.</li>
            <li>
              Select the download button next to the artwork. Your browser saves the file, usually in your Downloads
              folder.
            </li>
          </ol>
          <p>{downloadText} We still suggest keeping a copy on your computer or in your own cloud storage.</p>
          <p className="info-tip">
            <strong>Tip:</strong> download on a computer if you can. Phones save large files to places that are easy to
            lose track of (the Files app on iPhone, the Downloads folder on Android), and a computer makes it easier to
            send the file to a printer or a print shop.
          </p>
        </>
      ),
    },
    {
      id: 'open',
      title: '2. Open the files',
      content: (
        <>
          <p>
            Print files come as JPG (and, where the Format line on the artwork page lists PNG, as PNG too; the PNG of a
            size is prepared on its first download). Both open with the software you already have:
          </p>
          <ul>
            <li>
              <strong>Windows:</strong> double-click the file to open it in Photos.
            </li>
            <li>
              <strong>Mac:</strong> double-click the file to open it in Preview.
            </li>
            <li>
              <strong>iPhone and iPad:</strong> open it from the Files app; use Share, then Save Image to add it to
              Photos.
            </li>
            <li>
              <strong>Android:</strong> open it from the Files or Downloads app, or from Google Photos.
            </li>
          </ul>
          <p>
            PNG is a lossless format: it keeps every detail of the artwork however often you open or copy it. High
            resolution files are large, so give them a moment to open, and avoid re-saving them from apps that shrink or
            compress images (such as messaging apps) before printing.
          </p>
        </>
      ),
    },
    {
      id: 'dpi',
      title: '3. What 300 DPI means',
      content: (
        <>
          <p>
            DPI stands for dots per inch: how many pixels of the image go into each inch of paper. At 300 DPI the dots
            are too small for the eye to see, which is why it is the standard for photo and fine art printing. Our files
            are prepared at 300 DPI, so they print sharply rather than looking like an image saved from a website.
          </p>
          <p>
            To work out how large a file prints at full quality, divide its width and height in pixels by 300. For
            example, an image of 2400 x 3000 pixels prints at 8 x 10 inches at 300 DPI.
          </p>
          <p>
            The larger a print, the further away people stand to look at it. A poster on a wall still looks crisp at
            around 150 DPI from normal viewing distance, so large sizes look good too.
          </p>
        </>
      ),
    },
    {
      id: 'sizes',
      title: '4. Choose a print size',
      content: (
        <>
          <p>
            Every frame and paper size has an aspect ratio: the relation between its width and height. Your download
            comes as a print pack: one file for each ratio the artwork is offered in, each the largest part of the
            artwork in that shape at 300 DPI, and named after the sizes it prints at (for example
            <em> Quiet Harbour – 4x5 (8x10, 16x20 in).jpg</em>). Pick the file whose ratio matches your frame and it
            fills the frame exactly, without stretching or white borders. <strong>Download all (ZIP)</strong> on My
            Downloads gets every file at once, with a short text file that says which file fits which frame.
          </p>
          <div className="info-table-wrap">
            <table className="info-table">
              <caption>Which file fits which frame: the standard sizes of each ratio</caption>
              <thead>
                <tr>
                  <th scope="col">File (ratio)</th>
                  <th scope="col">Frame sizes</th>
                  <th scope="col" className="info-table__note">
                    Good to know
                  </th>
                </tr>
              </thead>
              <tbody>
                {PRINT_RATIOS.map((ratio) => (
                  <tr key={ratio.id}>
                    <th scope="row">{ratio.label}</th>
                    <td>
                      <ul className="info-table__sizes">
                        {framesOf(ratio.id).map((size) => (
                          <li key={size}>{size}</li>
                        ))}
                      </ul>
                    </td>
                    <td className="info-table__note">{RATIO_NOTES[ratio.id]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            Ratios are written short side first and work in either orientation: a portrait 2:3 artwork prints at 8 × 12
            inches, a landscape one at 12 × 8. A file prints at the sizes its name lists at full quality; the artwork
            page lists them under Print sizes, and a smaller frame of the same ratio works too.
          </p>
          <p>
            Have a frame in a size that is not on the list? Print the nearest ratio a little smaller than the frame
            opening and let a mat (a card border, also called a passe-partout) fill the rest. That looks intentional and
            often better than a print that runs to the edge.
          </p>
        </>
      ),
    },
    {
      id: 'home-printing',
      title: '5. Printing at home',
      content: (
        <>
          <p>
            An inkjet or photo printer gives beautiful results up to its largest paper size, usually Letter or A4 and on
            some models A3 or 13x19 inches. For the best print:
          </p>
          <ul>
            <li>Choose the highest quality setting, and set the paper type to the paper you actually load.</li>
            <li>
              Print at actual size (100%) when the paper matches the print size. Use Fit to page only when you mean to
              scale the artwork.
            </li>
            <li>Turn off automatic photo enhancement, which can change the artist's colors.</li>
            <li>Print a small test first, and let the ink dry for an hour before you touch or frame the print.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'print-shop',
      title: '6. Printing at a print shop',
      content: (
        <>
          <p>
            For sizes larger than your printer, or for a gallery finish, use a local print shop or an online printing
            service. Most accept a PNG upload or a file on a USB stick.
          </p>
          <ul>
            <li>Ask for a photo print, or a giclée or fine art print for the highest quality on archival paper.</li>
            <li>Tell them the exact size you want and ask them not to crop or stretch the image.</li>
            <li>If color matters to you, ask for a small proof before the full-size print.</li>
          </ul>
          <p>
            The <Link to="/license-terms">License Terms</Link> say how you may use the prints you have made.
          </p>
        </>
      ),
    },
    {
      id: 'paper',
      title: '7. Choosing paper',
      content: (
        <dl className="info-terms">
          <dt>Matte photo paper</dt>
          <dd>No glare and soft, even color. A safe choice for illustration, typography and pastel pieces.</dd>
          <dt>Satin or lustre photo paper</dt>
          <dd>A little sheen and richer blacks, with fewer reflections than gloss. Good for photography.</dd>
          <dt>Glossy photo paper</dt>
          <dd>The most vivid color, but it reflects light; best behind non-reflective glass or away from windows.</dd>
          <dt>Fine art paper</dt>
          <dd>
            Heavy cotton or textured paper, the gallery choice for paintings and watercolors. Archival grades resist
            fading for decades.
          </dd>
          <dt>Heavy card stock</dt>
          <dd>An affordable option for simple graphic prints at home; choose 200 gsm or heavier.</dd>
        </dl>
      ),
    },
    {
      id: 'framing',
      title: '8. Framing and hanging',
      content: (
        <ul>
          <li>
            Measure the frame opening, not the outside of the frame, and choose your print size to match (or a size
            smaller with a mat).
          </li>
          <li>
            A mat gives the artwork room to breathe; an 8x10 print in an 11x14 frame with a mat is a classic pairing.
          </li>
          <li>
            Use acrylic glazing for large frames and children's rooms: it is lighter than glass and does not shatter.
            UV-protective glazing slows fading.
          </li>
          <li>Keep prints out of direct sunlight and away from damp rooms such as bathrooms.</li>
          <li>
            Hang the centre of the artwork at about eye level, roughly 57 to 60 inches (145 to 152 cm) from the floor.
            Planning a gallery wall? Cut paper templates the size of each frame and tape them up first.
          </li>
        </ul>
      ),
    },
    {
      id: 'troubleshooting',
      title: '9. If something goes wrong',
      content: (
        <dl className="info-terms">
          <dt>The download does not start</dt>
          <dd>Check that you are signed in with the account you bought with, and try another browser or a computer.</dd>
          <dt>The artwork is not in My Downloads</dt>
          <dd>
            Make sure you are signed in with the e-mail address you used at checkout. If the payment went through and
            the order is still missing, contact us with the date and amount of the payment.
          </dd>
          <dt>The print looks blurry</dt>
          <dd>
            Check that you printed the original file and not a copy sent through a messaging app or e-mail, which often
            shrink images, and that the print settings were not set to draft quality.
          </dd>
          <dt>The colors look darker than on screen</dt>
          <dd>
            That is normal: see <Link to="/help-center#printing">why colors look different in print</Link>. Brighten the
            print slightly in your printer settings, or ask your print shop for a proof.
          </dd>
          <dt>Still stuck?</dt>
          <dd>
            Write to us through <ContactOptions /> with your order number. Please get in touch within 30 days of
            purchase; we reply within <ReplyTime />.
          </dd>
        </dl>
      ),
    },
  ];

  return (
    <InfoPage
      title={SITE_PAGES['/download-guide'].title}
      lead="From the download button to the frame on your wall: how to get your files, open them, pick a print size and get a print you will love."
      sections={sections}
    />
  );
}
