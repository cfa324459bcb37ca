import { useRef, useState } from 'react';
import type { UploadedFile } from '#shared/catalogue/artwork-write-schema.ts';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { uploadFiles } from './artwork-admin-api';

/** Where the owner's chosen master is: the server checks it as it is stored, so it is sent as soon as it is chosen. */
export type MasterUpload =
  | { status: 'none' }
  | { status: 'uploading'; sent: number; total: number }
  | { status: 'stored'; file: UploadedFile }
  | { status: 'refused'; message: string };

/**
 * Sends the master the moment it is chosen, rather than with the rest of the form: a master of up to 300 MB takes
 * a while, and what the store says of it (what it can print, or why it is refused) should come while the owner is
 * still filling in the form. Choosing another file, or none, forgets the upload in flight.
 */
export function useMasterUpload(): [MasterUpload, (file: File | undefined) => void] {
  const [state, setState] = useState<MasterUpload>({ status: 'none' });
  const latest = useRef(0);

  const choose = (file: File | undefined) => {
    const attempt = ++latest.current;
    const current = () => attempt === latest.current;
    if (!file) return setState({ status: 'none' });
    setState({ status: 'uploading', sent: 0, total: file.size });
    uploadFiles('private', [file], (sent) => {
      if (current()) setState({ status: 'uploading', sent, total: file.size });
    }).then(
      ([stored]) => {
        if (!current()) return;
        setState(stored ? { status: 'stored', file: stored } : { status: 'refused', message: 'Upload failed' });
      },
      (error: unknown) => {
        if (current()) setState({ status: 'refused', message: errorMessage(error, 'Upload failed') });
      },
    );
  };
  return [state, choose];
}
