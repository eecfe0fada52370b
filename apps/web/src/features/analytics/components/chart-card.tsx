import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * One chart: its title, what it counts, the picture (hidden from screen readers, which get the
 * table), and a toggle that shows the same numbers as a table.
 */
export function ChartCard({
  title,
  description,
  summary,
  table,
  notice,
  children,
}: {
  title: string;
  description: string;
  /** A one-line reading of the chart for screen readers. */
  summary: string;
  table: ChartTable;
  /** Said over the chart when it has nothing to show, and why. */
  notice?: string;
  children: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const headingId = useId();
  return (
    <Card className="flex min-w-0 flex-col p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-fg">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-muted">{description}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? 'Hide table' : 'Show table'}
        </Button>
      </div>
      <div className="relative mt-4 h-60 min-w-0">
        <div role="img" aria-label={summary} className="absolute inset-0">
          {children}
        </div>
        {notice && (
          <p className="absolute inset-x-4 top-1/2 -translate-y-1/2 rounded-md border border-border bg-surface p-3 text-center text-sm text-muted shadow-sm">
            {notice}
          </p>
        )}
      </div>
      <div
        id={tableId}
        hidden={!showTable}
        role="region"
        aria-label={`${title}: table`}
        tabIndex={showTable ? 0 : -1}
        className="mt-4 max-h-80 overflow-auto rounded-md border border-border"
      >
        {showTable && (
          <table className="w-full text-left text-sm tabular-nums" aria-labelledby={headingId}>
            <thead className="sticky top-0 bg-surface-muted">
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-medium text-fg">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={String(row[0])} className="border-t border-border">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="px-3 py-1.5 font-normal text-fg">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="px-3 py-1.5 text-fg">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Card>
  );
}
