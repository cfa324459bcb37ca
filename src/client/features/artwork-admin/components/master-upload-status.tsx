import { masterPrintLabel } from '#shared/prints/master-print-reach.ts';
import type { MasterUpload } from '../api/master-upload';

/** Under the chosen master: its upload's progress, then what it can print (an image) or why it was refused. */
export function MasterUploadStatus({ upload }: { upload: MasterUpload }) {
  switch (upload.status) {
    case 'none':
      return null;
    case 'uploading':
      return (
        <p className="master-upload muted" role="status">
          Uploading and checking the master… {Math.round((upload.sent / Math.max(upload.total, 1)) * 100)}%
        </p>
      );
    case 'refused':
      return (
        <p className="master-upload form-field__error" role="alert">
          The master was not accepted: {upload.message}
        </p>
      );
    case 'stored': {
      const { width, height, name } = upload.file;
      return (
        <p className="master-upload" role="status">
          {width && height ? masterPrintLabel({ width, height }) : `${name} is stored, ready to be sold.`}
        </p>
      );
    }
  }
}
