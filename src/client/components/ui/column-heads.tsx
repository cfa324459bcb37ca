import type { ReactNode } from 'react';

/** A table's head row, one column head per entry; `false` leaves a column out (a column shown only sometimes). */
export function ColumnHeads({ columns }: { columns: ReadonlyArray<ReactNode | false> }) {
  return (
    <thead>
      <tr>
        {columns.map(
          (column, index) =>
            column !== false && (
              // A table's columns are fixed: a column's place is its identity.
              <th key={index} scope="col">
                {column}
              </th>
            ),
        )}
      </tr>
    </thead>
  );
}
