import { useState } from 'react';

/** Choosing the CSV: Etsy's listings file or Shopify's products file, told apart by the store. */
export function ImportUpload({ busy, onUpload }: { busy: boolean; onUpload: (file: File) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <form
      className="import-upload"
      onSubmit={(event) => {
        event.preventDefault();
        if (file) onUpload(file);
      }}
    >
      <label className="import-upload__field">
        <span>Etsy listings CSV or Shopify products CSV</span>
        <input
          type="file"
          name="file"
          accept=".csv,text/csv"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
      </label>
      <button type="submit" className="button button--primary" disabled={!file || busy}>
        {busy ? 'Reading…' : 'Read the file'}
      </button>
    </form>
  );
}
