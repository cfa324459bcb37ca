import { useParams } from 'react-router';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { useAdminArtworks } from '#client/features/artwork-admin/api/artwork-admin-queries.ts';
import { useBroadcast } from '#client/features/broadcasts/api/broadcasts-queries.ts';
import { BroadcastForm } from '#client/features/broadcasts/components/broadcast-form.tsx';
import { BroadcastPreview } from '#client/features/broadcasts/components/broadcast-preview.tsx';
import { BroadcastProgress } from '#client/features/broadcasts/components/broadcast-progress.tsx';
import { SendPanel } from '#client/features/broadcasts/components/send-panel.tsx';
import { cardCandidatesOf } from './broadcasts-page';
import { OwnerHeader } from './owner-header';

/**
 * One broadcast. A draft: its form beside the rendered preview, a test to the owner, and the send at a rate. Once
 * sent: the progress bar, the counts per status and the messages in doubt, asked again every second while sending.
 */
export default function AdminBroadcastPage() {
  const { id = '' } = useParams();
  const broadcast = useBroadcast(Number(id));
  const artworks = useAdminArtworks();
  const data = broadcast.data;

  return (
    <div className="page admin-page">
      <OwnerHeader
        title={data?.subject || SITE_PAGES['/admin/broadcasts/:id'].title}
        links={[{ to: '/admin/broadcasts', label: 'All Broadcasts' }]}
      />
      {broadcast.error && <FormMessage kind="error">{broadcast.error.message}</FormMessage>}
      {data && (
        <div className="broadcast-page__columns">
          <div>
            {data.status === 'draft' ? (
              <>
                {artworks.data && (
                  <BroadcastForm
                    key={data.id}
                    broadcast={data}
                    candidates={cardCandidatesOf(artworks.data)}
                    onSaved={() => undefined}
                  />
                )}
                <SendPanel broadcast={data} />
              </>
            ) : (
              <BroadcastProgress broadcast={data} />
            )}
          </div>
          <BroadcastPreview html={data.previewHtml} />
        </div>
      )}
    </div>
  );
}
