// "No slower than before" as a target: a run saves its real-throttling figures (BENCH_WEB_SAVE=file.json) and a
// later run, of other code, compares its own with them (BENCH_WEB_BEFORE=file.json). Pages are matched by their
// path with the artwork's and the set's id left out, since two builds' demo catalogues may number them apart.
import fs from 'node:fs';
import { median } from './lighthouse-findings';
import type { TargetCheck } from '../shared/target-checks';
import type { InteractivityResult } from './report';

interface SavedPage {
  page: string;
  hydratedMs: number[];
  inpMs: number[];
}

const pageKey = (pagePath: string) => pagePath.replace(/\/\d+$/, '/:id');

export function saveFigures(file: string, results: InteractivityResult[]): void {
  const pages: SavedPage[] = results.map((result) => ({
    page: pageKey(result.path),
    hydratedMs: result.runs.map((run) => run.load.hydratedMs),
    inpMs: result.runs.flatMap((run) => (run.interaction ? [run.interaction.inpMs] : [])),
  }));
  fs.writeFileSync(file, `${JSON.stringify(pages, null, 1)}\n`);
}

/**
 * Within the spread of three runs: now's median may exceed before's median by at most before's own spread (its
 * slowest run less its fastest), which is what the same code measures apart from itself on this machine.
 */
function noWorse(what: string, before: number[], now: number[]): TargetCheck | null {
  if (before.length === 0 || now.length === 0) return null;
  const spread = Math.max(...before) - Math.min(...before);
  const bound = median(before) + spread;
  const value = median(now);
  return {
    what,
    value: `${Math.round(value)} ms`,
    target: `<= ${Math.round(bound)} ms (before ${Math.round(median(before))} + spread ${Math.round(spread)})`,
    pass: value <= bound,
  };
}

export function checksAgainstBefore(file: string, results: InteractivityResult[]): TargetCheck[] {
  const before = JSON.parse(fs.readFileSync(file, 'utf8')) as SavedPage[];
  const checks: TargetCheck[] = [];
  for (const result of results) {
    const saved = before.find((page) => page.page === pageKey(result.path));
    if (!saved) continue;
    const hydrated = noWorse(
      `${result.path} hydrated, against before`,
      saved.hydratedMs,
      result.runs.map((run) => run.load.hydratedMs),
    );
    const inp = noWorse(
      `INP ${result.interaction ?? ''}, against before`,
      saved.inpMs,
      result.runs.flatMap((run) => (run.interaction ? [run.interaction.inpMs] : [])),
    );
    for (const check of [hydrated, inp]) if (check) checks.push(check);
  }
  return checks;
}
