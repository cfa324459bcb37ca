import type { ImportProgress } from '#shared/imports/import-schema.ts';

/** What the confirmation made, and the pictures as they are fetched in the background. */
export function ImportProgressView({ progress }: { progress: ImportProgress }) {
  const { outcome, pictures } = progress;
  const settled = pictures.total - pictures.waiting;
  return (
    <section aria-labelledby="progress-heading" className="import-section">
      <h2 id="progress-heading">Import</h2>
      {outcome && (
        <p role="status">
          {outcome.created} drafts created, {outcome.matched} drafts filled in, {outcome.alreadyImported} imported
          before, {outcome.refused.length} refused.
        </p>
      )}
      <label className="import-progress">
        <span>
          Pictures: {settled} of {pictures.total} ({pictures.done} fetched, {pictures.failed} failed)
        </span>
        <progress max={pictures.total || 1} value={pictures.total === 0 ? 1 : settled} />
      </label>
      {outcome && outcome.refused.length > 0 && (
        <ul className="import-problems" aria-label="Listings refused">
          {outcome.refused.map((row) => (
            <li key={row.row}>
              Row {row.row} ({row.field}): {row.reason}
            </li>
          ))}
        </ul>
      )}
      {progress.pictureProblems.length > 0 && (
        <ul className="import-problems" aria-label="Picture problems">
          {progress.pictureProblems.map((problem) => (
            <li key={problem.row}>
              Row {problem.row}: {problem.reason}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
