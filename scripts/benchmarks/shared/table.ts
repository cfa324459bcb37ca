/** A plain-text table with aligned columns, for the benchmarks' printouts. */
export function table(headings: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = headings.map((heading, column) =>
    Math.max(heading.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        rightAligned[column] ? cell.padStart(widths[column] as number) : cell.padEnd(widths[column] as number),
      )
      .join('  ')
      .trimEnd();
  return [line(headings), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
