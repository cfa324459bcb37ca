// The edit-visibility table of npm run bench:http: per instance and URL, how long after the owner's edit an
// anonymous visitor saw the new title, against the target of 5 s.
import { table } from '../shared/table';
import type { EditVisibility } from '../shared/edit-visibility';
import { mark, TARGETS, type Verdict } from './report';

export function formatEditVisibility(result: EditVisibility, verdict: Verdict): string {
  const rows = result.rows.map((row) => {
    const pass = row.seconds !== null && row.seconds <= TARGETS.editVisibleSeconds;
    verdict.total += 1;
    verdict.passed += pass ? 1 : 0;
    return [
      row.instance,
      row.label,
      (row.seconds === null ? `>${result.limitSeconds}` : row.seconds.toFixed(2)) + mark(pass),
      String(row.polls),
    ];
  });
  return [
    `artwork ${result.artworkId} renamed "${result.newTitle}" through PUT /api/artworks/:id on instance A (answered in ${(result.editSeconds * 1000).toFixed(0)} ms); title restored afterwards`,
    table(['instance', 'request (anonymous)', `visible after s (<= ${TARGETS.editVisibleSeconds})`, 'polls'], rows, [
      false,
      false,
      true,
      true,
    ]),
  ].join('\n');
}
