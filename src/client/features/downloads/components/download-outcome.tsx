import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { DownloadLink } from '#shared/orders/downloads-schema.ts';
import { errorMessage } from '#client/lib/api-error-text.ts';
import { openDownloadLink } from '../open-download-link';

/** What became of a download asked for: nothing while it is asked, why it failed, or that it has started. */
export function DownloadOutcome({
  pending,
  error,
  opened,
}: {
  pending: boolean;
  error: unknown;
  opened: DownloadLink | null;
}) {
  if (pending) return null;
  if (error)
    return (
      <p className="download-item__error" role="alert">
        {errorMessage(error, 'The download could not be started. Please try again.')}
      </p>
    );
  if (opened)
    return (
      <p className="download-item__done" role="status">
        Your download has started{opened.fileName ? `: ${opened.fileName}` : ''}.
      </p>
    );
  return null;
}

/** Asks for a download link and opens it; `opened` is the last link opened, cleared when another is asked for. */
export function useOpenedLink<Asked>(mutation: UseMutationResult<DownloadLink, unknown, Asked>) {
  const [opened, setOpened] = useState<DownloadLink | null>(null);
  const start = (asked: Asked) => {
    setOpened(null);
    mutation.mutate(asked, {
      onSuccess: (link) => {
        openDownloadLink(link);
        setOpened(link);
      },
    });
  };
  return { start, opened };
}
