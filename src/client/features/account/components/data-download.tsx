import { dataExportUrl } from '../api/account-api';

/** A copy of what the store keeps of the buyer: the server sends it as a file, so plain links do. */
export function DataDownload() {
  return (
    <div className="account-form">
      <p className="muted">
        Your account, orders with their amounts, downloads, mailing-list consents and reviews, in one file. JSON suits a
        program; CSV opens in a spreadsheet.
      </p>
      <p className="button-row">
        <a className="button" href={dataExportUrl('json')} download>
          Download as JSON
        </a>
        <a className="button" href={dataExportUrl('csv')} download>
          Download as CSV
        </a>
      </p>
    </div>
  );
}
