import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type VisibilityState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, RotateCw, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Pagination, type PaginationProps } from './pagination';
import { Spinner } from './spinner';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of the column's cells (width, alignment). */
    className?: string;
    /** Classes of the column's header cell. */
    headerClassName?: string;
    /** The server's sort key of this column (`?sort=`): its header becomes a sort button. */
    sortKey?: string;
  }
}

export type SortDir = 'asc' | 'desc';

/** The list's server-side order: the column's key and direction, from the URL. */
export interface TableSort {
  key: string | undefined;
  dir: SortDir | undefined;
  onChange: (key: string, dir: SortDir) => void;
}

export interface DataTableProps<T> {
  /** TanStack Table column definitions; `meta.className` styles a column's cells. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  data: T[] | undefined;
  /** Names the table for screen readers ("Liste des administrateurs"). */
  label: string;
  /** First load: a spinner instead of rows. */
  isLoading: boolean;
  /** A later load (another page, another search): the rows stay, dimmed. */
  isFetching?: boolean;
  /** The message to show when the list failed to load (the spec's "Erreur lors du chargement des ..."). */
  error?: string | null;
  onRetry?: () => void;
  /** The spec's empty message ("Aucun administrateur trouvé"). */
  emptyMessage: ReactNode;
  emptyAction?: ReactNode;
  getRowId?: (row: T) => string;
  /** Hide columns by id (`{ actions: false }` when the user may not act). */
  columnVisibility?: VisibilityState;
  /** Server pagination under the table; omitted for lists that are not paginated. */
  pagination?: PaginationProps;
  /** Server-side sorting: the headers of columns with `meta.sortKey` become buttons. */
  sort?: TableSort;
}

/**
 * The one table of the dashboard. Rows, sorting and paging come from the server: the table only
 * renders the page it is given, with the loading, error and empty states.
 */
/**
 * The row actions column (id "actions") stays in view at the right edge while a wide table scrolls
 * sideways, so "Modifier" / "Supprimer" are always reachable.
 */
const ACTIONS = 'actions';
const STICKY_ACTIONS = 'sticky right-0 z-[1] shadow-[-8px_0_8px_-8px_rgb(11_31_56_/_0.18)]';

export function DataTable<T>({
  columns,
  data,
  label,
  isLoading,
  isFetching = false,
  error,
  onRetry,
  emptyMessage,
  emptyAction,
  getRowId,
  columnVisibility,
  pagination,
  sort,
}: DataTableProps<T>) {
  const table = useReactTable({
    data: data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    getRowId: getRowId ? (row) => getRowId(row) : undefined,
    state: { columnVisibility: columnVisibility ?? {} },
  });
  const visibleColumns = table.getVisibleLeafColumns().length;
  const scroller = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(scroller);
  const rows = table.getRowModel().rows;
  const showRows = !isLoading && !error && rows.length > 0;

  let state: ReactNode = null;
  if (isLoading) {
    state = (
      <div className="flex justify-center py-6 text-brand-700">
        <Spinner size="lg" label="Chargement…" />
      </div>
    );
  } else if (error) {
    state = (
      <div className="flex flex-col items-center gap-1.5 px-2 py-6 text-center" role="alert">
        <TriangleAlert className="size-3 text-danger" aria-hidden="true" />
        <p className="text-sm font-medium text-danger">{error}</p>
        {onRetry ? (
          <Button variant="secondary" size="sm" icon={<RotateCw className="size-2" aria-hidden="true" />} onClick={onRetry}>
            Réessayer
          </Button>
        ) : null}
      </div>
    );
  } else if (rows.length === 0) {
    state = <EmptyState message={emptyMessage} action={emptyAction} />;
  }

  return (
    <div className="overflow-hidden rounded-lg border border-line bg-surface shadow-card">
      <div
        ref={scroller}
        className={cn('relative overflow-x-auto', isFetching && showRows && 'opacity-60 transition-opacity')}
        aria-busy={isLoading || isFetching || undefined}
        // A table wider than the screen scrolls sideways: reachable with the keyboard's arrows then.
        {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (défilement horizontal)` } : {})}
      >
        <table className="w-full min-w-[720px] border-collapse text-left text-sm" aria-label={label}>
          <thead className="bg-surface-muted text-xs font-semibold uppercase tracking-wide text-ink-muted">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortKey = sort ? header.column.columnDef.meta?.sortKey : undefined;
                  const sorted = sortKey !== undefined && sort?.key === sortKey ? (sort.dir ?? 'asc') : undefined;
                  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        sortKey === undefined
                          ? undefined
                          : sorted === 'asc'
                            ? 'ascending'
                            : sorted === 'desc'
                              ? 'descending'
                              : 'none'
                      }
                      className={cn(
                        'whitespace-nowrap px-1.5 py-1.5',
                        header.column.id === ACTIONS && STICKY_ACTIONS + ' bg-surface-muted',
                        header.column.columnDef.meta?.headerClassName,
                      )}
                    >
                      {sort && sortKey !== undefined ? (
                        <SortButton
                          label={content}
                          dir={sorted}
                          onClick={() => sort.onChange(sortKey, sorted === 'asc' ? 'desc' : 'asc')}
                        />
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {showRows ? (
              rows.map((row) => (
                <tr key={row.id} className="group border-t border-line transition-colors hover:bg-surface-muted/60">
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={cn(
                        'px-1.5 py-1.5 align-middle text-ink',
                        cell.column.id === ACTIONS && STICKY_ACTIONS + ' bg-surface group-hover:bg-surface-muted',
                        cell.column.columnDef.meta?.className,
                      )}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={visibleColumns}>{state}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {pagination && showRows ? <Pagination {...pagination} disabled={pagination.disabled || isFetching} /> : null}
    </div>
  );
}

/** A sortable header: a button (Enter and Space sort, like a click), the arrow showing the order. */
function SortButton({ label, dir, onClick }: { label: ReactNode; dir: SortDir | undefined; onClick: () => void }) {
  const Icon = dir === 'asc' ? ArrowUp : dir === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-0.5 rounded-sm uppercase tracking-wide hover:text-ink',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500',
        dir && 'text-ink',
      )}
    >
      {label}
      <Icon className={cn('size-1.5', !dir && 'opacity-50')} aria-hidden="true" />
    </button>
  );
}

/** Whether the element's content is wider than the element (it scrolls sideways), kept up to date. */
function useScrollsSideways(ref: React.RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
