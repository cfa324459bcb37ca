import type { AdminArtwork } from '#shared/catalogue/artwork-write-schema.ts';

/** The owner's flags on an artwork: Featured, New Arrival, or Regular when neither. */
export function StatusBadges({ artwork }: { artwork: AdminArtwork }) {
  if (!artwork.isFeatured && !artwork.isNewArrival) return <span className="badge badge--regular">Regular</span>;
  return (
    <>
      {artwork.isFeatured && <span className="badge badge--featured">Featured</span>}{' '}
      {artwork.isNewArrival && <span className="badge badge--new">New Arrival</span>}
    </>
  );
}

const RELEASE_LABELS: Record<AdminArtwork['release']['status'], string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

/** The artwork's release: a draft, scheduled (with its time) or published. */
export function ReleaseBadge({ release }: { release: AdminArtwork['release'] }) {
  const when = release.status === 'scheduled' && release.publishAt ? new Date(release.publishAt) : null;
  return (
    <span className={`badge badge--release badge--${release.status}`}>
      {RELEASE_LABELS[release.status]}
      {when && (
        <>
          {' '}
          <time dateTime={when.toISOString()}>
            {when.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </>
      )}
    </span>
  );
}
