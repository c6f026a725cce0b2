import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
  /** Shown at the left ("12 administrateurs"). */
  summary?: string;
  /** More pages may follow the last one known (a search not counted to the end): "Page 3 sur 143+". */
  lastPageOpen?: boolean;
  disabled?: boolean;
  /** The page size chooser ("Par page"), when the list lets people choose it. */
  pageSize?: { value: number; options: readonly number[]; onChange: (size: number) => void };
}

/** "Page n sur m" with Précédent / Suivant. */
export function Pagination({ page, lastPage, onPageChange, summary, disabled, lastPageOpen, pageSize }: PaginationProps) {
  const last = Math.max(1, lastPage);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-1.5 border-t border-line px-2 py-1.5">
      <p className="text-sm text-ink-muted" aria-live="polite">
        {summary ? <span className="mr-1">{summary} ·</span> : null}
        Page {Math.min(page, last)} sur {last}
        {lastPageOpen ? '+' : ''}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        {pageSize ? (
          <label className="inline-flex items-center gap-0.5 text-sm text-ink-muted">
            Par page
            <select
              className="h-4 rounded-md border border-line bg-surface px-0.5 text-sm text-ink"
              value={pageSize.value}
              disabled={disabled}
              onChange={(event) => pageSize.onChange(Number(event.target.value))}
            >
              {pageSize.options.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          icon={<ChevronLeft className="size-2" aria-hidden="true" />}
          disabled={disabled || page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          Précédent
        </Button>
        <Button variant="secondary" size="sm" disabled={disabled || page >= last} onClick={() => onPageChange(page + 1)}>
          Suivant
          <ChevronRight className="size-2" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
