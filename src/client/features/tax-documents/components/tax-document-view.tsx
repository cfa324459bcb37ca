import { groupSetLines } from '#shared/sets/set-cover.ts';
import type { TaxDocumentContent } from '#shared/taxes/tax-document.ts';
import {
  PRICES_INCLUDE_TAX_NOTE,
  documentCountry,
  documentTitle,
  formatDocumentDate,
  formatDocumentMoney,
  lineLicence,
  lineTitle,
  placeOfSupplyLine,
  rateLabel,
  refersToLine,
  showsTaxByRate,
} from '#shared/taxes/tax-document-format.ts';
import { formatRate } from '#shared/taxes/taxes.ts';
import { taxDocumentPdfUrl } from '../api/tax-documents-api';
import { ColumnHeads } from '#client/components/ui/column-heads.tsx';

type Money = (cents: number) => string;

function Parties({ document: d }: { document: TaxDocumentContent }) {
  return (
    <div className="tax-document__parties">
      <section aria-labelledby="tax-document-seller">
        <h2 id="tax-document-seller" className="tax-document__label">
          Seller
        </h2>
        <p className="tax-document__party">
          <strong>{d.seller.name}</strong>
          {d.seller.address && <span>{d.seller.address}</span>}
          {d.seller.country && <span>{documentCountry(d.seller.country)}</span>}
          {d.seller.taxId && <span>VAT / tax ID: {d.seller.taxId}</span>}
        </p>
      </section>
      <section aria-labelledby="tax-document-buyer">
        <h2 id="tax-document-buyer" className="tax-document__label">
          {d.kind === 'invoice' ? 'Bill to' : 'Credited to'}
        </h2>
        <p className="tax-document__party">
          <strong>{d.buyer.name}</strong>
          <span>{d.buyer.email}</span>
          {d.buyer.country && d.buyer.country !== 'XX' && <span>{documentCountry(d.buyer.country)}</span>}
          {d.buyer.vatNumber && <span>VAT number: {d.buyer.vatNumber}</span>}
        </p>
      </section>
    </div>
  );
}

function Lines({ document: d, money }: { document: TaxDocumentContent; money: Money }) {
  return (
    <table className="tax-document__lines">
      <caption className="visually-hidden">Lines</caption>
      <ColumnHeads columns={['Item', 'License', 'Qty', 'Net', 'Rate', 'Tax', 'Total']} />
      <tbody>
        {groupSetLines(d.lines, (line) => ({ id: line.setId, title: line.setTitle })).flatMap((group, at) => [
          ...(group.heading
            ? [
                <tr key={`set-${at}`} className="tax-document__set">
                  <th scope="rowgroup" colSpan={7}>
                    {group.heading}
                  </th>
                </tr>,
              ]
            : []),
          ...group.items.map((line, index) => (
            <tr key={`${at}-${index}`}>
              <td className="tax-document__item">
                {lineTitle(line)}
                {line.discountCents > 0 && (
                  <span className="tax-document__discount">Discount −{money(line.discountCents)}</span>
                )}
              </td>
              <td data-label="License">{lineLicence(line) || '—'}</td>
              <td data-label="Qty">{line.quantity}</td>
              <td data-label="Net">{money(line.netCents)}</td>
              <td data-label="Rate">{formatRate(line.rateBp)}</td>
              <td data-label="Tax">{money(line.taxCents)}</td>
              <td data-label="Total" className="tax-document__line-total">
                {money(line.totalCents)}
              </td>
            </tr>
          )),
        ])}
      </tbody>
    </table>
  );
}

function Totals({ document: d, money }: { document: TaxDocumentContent; money: Money }) {
  const rows: Array<[string, string]> = [
    ...(d.totals.discountCents > 0
      ? ([
          [d.pricesIncludeTax ? 'Subtotal incl. VAT' : 'Subtotal', money(d.totals.subtotalCents)],
          ['Discount', `−${money(d.totals.discountCents)}`],
        ] as Array<[string, string]>)
      : []),
    ['Net', money(d.totals.netCents)],
    ['Tax', money(d.totals.taxCents)],
  ];
  return (
    <dl className="tax-document__totals">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="tax-document__grand">
        <dt>{d.kind === 'invoice' ? 'Total' : 'Total credited'}</dt>
        <dd>{money(d.totals.totalCents)}</dd>
      </div>
    </dl>
  );
}

function Rates({ document: d, money }: { document: TaxDocumentContent; money: Money }) {
  if (!showsTaxByRate(d)) return null;
  return (
    <section aria-labelledby="tax-document-rates">
      <h2 id="tax-document-rates" className="tax-document__subhead">
        Tax by rate
      </h2>
      <table className="tax-document__rates">
        <ColumnHeads columns={['Country', 'Rate', 'Net', 'Tax']} />
        <tbody>
          {d.rates.map((rate) => (
            <tr key={`${rate.country}:${rate.treatment}:${rate.rateBp}`}>
              <td>{documentCountry(rate.country)}</td>
              <td>{rateLabel(rate)}</td>
              <td>{money(rate.netCents)}</td>
              <td>{money(rate.taxCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** An invoice or credit note on screen, as its PDF prints it, with the PDF to download. */
export function TaxDocumentView({ document: d }: { document: TaxDocumentContent }) {
  const money: Money = (cents) => formatDocumentMoney(cents, d.currency);
  const refers = refersToLine(d);
  const place = placeOfSupplyLine(d);
  return (
    <article className="tax-document" aria-labelledby="tax-document-title">
      <header className="tax-document__head">
        <div>
          <h1 id="tax-document-title" className="tax-document__title">
            {documentTitle(d.kind)}
          </h1>
          {refers && <p className="tax-document__refers">{refers}</p>}
        </div>
        <dl className="tax-document__facts">
          <dt>Number</dt>
          <dd className="tax-document__number">{d.number}</dd>
          <dt>Issue date</dt>
          <dd>{formatDocumentDate(d.issuedAt)}</dd>
        </dl>
      </header>
      <Parties document={d} />
      <p className="tax-document__order">
        Order {d.order.number}
        {d.order.paidAt && ` · paid ${formatDocumentDate(d.order.paidAt)}`}
        {d.order.paidAt && d.order.paidWith && ` with ${d.order.paidWith}`}
      </p>
      <Lines document={d} money={money} />
      <Totals document={d} money={money} />
      <Rates document={d} money={money} />
      {(d.pricesIncludeTax || d.notes.length > 0) && (
        <div className="tax-document__notes">
          {d.pricesIncludeTax && <p>{PRICES_INCLUDE_TAX_NOTE}</p>}
          {d.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      )}
      {place && <p className="tax-document__place muted">{place}</p>}
      <p className="tax-document__actions">
        <a className="button button--primary" href={taxDocumentPdfUrl(d.number)} download>
          Download PDF
        </a>
      </p>
    </article>
  );
}
