import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type VisibilityState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, RotateCw, TriangleAlert } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { formatCount } from '@comptoir/api/money';
import { cn } from '../lib/cn';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Pagination, type PaginationProps } from './pagination';
import { useSidewaysEdges } from './sideways-scroll';
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
  /** Row selection for bulk actions: a checkbox column and the « all results » banner. */
  selection?: TableSelection<T>;
}

/**
 * Rows chosen for a bulk action: ids chosen on any page, or every result of the list's filter
 * (`all`). The table shows the checkboxes; the list keeps the state (features/bulk/use-row-selection.ts).
 */
export interface TableSelection<T> {
  ids: ReadonlySet<number>;
  all: boolean;
  /** The list's result count, for « Sélectionner les 1 234 résultats ». */
  total: number | undefined;
  rowId: (row: T) => number;
  /** The row's name for its checkbox's label (« Sélectionner Groupe électrogène 5 kVA »). */
  rowLabel: (row: T) => string;
  onChange: (ids: Set<number>, all: boolean) => void;
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
  selection,
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
  const visibleColumns = table.getVisibleLeafColumns().length + (selection ? 1 : 0);
  const scroller = useRef<HTMLDivElement>(null);
  const edges = useSidewaysEdges(scroller);
  const scrolls = edges.scrolls;
  const hintId = useId();
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

  const pageIds = selection && showRows ? rows.map((row) => selection.rowId(row.original)) : [];
  const chosenOnPage = selection ? pageIds.filter((id) => selection.all || selection.ids.has(id)).length : 0;
  const wholePage = pageIds.length > 0 && chosenOnPage === pageIds.length;

  return (
    <div className="relative overflow-hidden rounded-lg border border-line bg-surface shadow-card">
      {selection && showRows ? <SelectionBanner selection={selection} pageCount={pageIds.length} wholePage={wholePage} /> : null}
      {scrolls ? (
        <p id={hintId} className="sr-only">
          Tableau plus large que l’écran : faites-le défiler horizontalement (flèches gauche et droite) pour voir toutes les
          colonnes.
        </p>
      ) : null}
      {/* A fade on each side that hides columns: nothing is cut off without a cue. */}
      <div
        aria-hidden="true"
        data-scroll-cue="before"
        className={cn(CUE, 'left-0 bg-linear-to-r', !edges.before && 'opacity-0')}
      />
      <div
        aria-hidden="true"
        data-scroll-cue="after"
        className={cn(CUE, 'right-0 bg-linear-to-l', !edges.after && 'opacity-0')}
      />
      <div
        ref={scroller}
        className={cn('relative overflow-x-auto', isFetching && showRows && 'opacity-60 transition-opacity')}
        aria-busy={isLoading || isFetching || undefined}
        // A table wider than the screen scrolls sideways: reachable with the keyboard's arrows then.
        {...(scrolls
          ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (défilement horizontal)`, 'aria-describedby': hintId }
          : {})}
      >
        <table className="w-full min-w-[720px] border-collapse text-left text-sm" aria-label={label}>
          <thead className="bg-surface-muted text-xs font-semibold uppercase tracking-wide text-ink-muted">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {selection ? (
                  <th scope="col" className="w-[1%] px-1.5 py-1.5">
                    <SelectBox
                      label="Sélectionner les lignes de la page"
                      checked={wholePage ? true : chosenOnPage > 0 ? 'mixed' : false}
                      disabled={!showRows}
                      onChange={() => {
                        const ids = new Set(selection.all ? [] : selection.ids);
                        for (const id of pageIds) {
                          if (wholePage) ids.delete(id);
                          else ids.add(id);
                        }
                        selection.onChange(ids, false);
                      }}
                    />
                  </th>
                ) : null}
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
                  {selection ? (
                    <td className="w-[1%] px-1.5 py-1.5 align-middle">
                      <SelectBox
                        label={`Sélectionner ${selection.rowLabel(row.original)}`}
                        checked={selection.all || selection.ids.has(selection.rowId(row.original))}
                        disabled={selection.all}
                        onChange={(checked) => {
                          const ids = new Set(selection.ids);
                          const id = selection.rowId(row.original);
                          if (checked) ids.add(id);
                          else ids.delete(id);
                          selection.onChange(ids, false);
                        }}
                      />
                    </td>
                  ) : null}
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

/** A row's (or the page's) checkbox; `mixed` when part of the page is chosen. */
function SelectBox({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean | 'mixed';
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      className="size-2 cursor-pointer accent-brand-700 align-middle disabled:cursor-default"
      checked={checked === true}
      ref={(input) => {
        if (input) input.indeterminate = checked === 'mixed';
      }}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/**
 * Above the rows once the whole page is chosen: « Les 20 lignes de la page sont sélectionnées.
 * Sélectionner les 1 234 résultats ? », then « Les 1 234 résultats sont sélectionnés. » with a way back.
 */
function SelectionBanner<T>({
  selection,
  pageCount,
  wholePage,
}: {
  selection: TableSelection<T>;
  pageCount: number;
  wholePage: boolean;
}) {
  const total = selection.total ?? 0;
  const link =
    'ml-1 rounded-sm font-semibold text-brand-700 underline hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500';
  let content: ReactNode = null;
  if (selection.all) {
    content = (
      <>
        {total > 1 ? `Les ${formatCount(total)} résultats sont sélectionnés.` : 'Le résultat est sélectionné.'}
        <button type="button" className={link} onClick={() => selection.onChange(new Set(), false)}>
          Effacer la sélection
        </button>
      </>
    );
  } else if (wholePage && total > pageCount) {
    content = (
      <>
        {pageCount > 1 ? `Les ${pageCount} lignes de la page sont sélectionnées.` : 'La ligne de la page est sélectionnée.'}
        <button type="button" className={link} onClick={() => selection.onChange(new Set(), true)}>
          Sélectionner les {formatCount(total)} résultats ?
        </button>
      </>
    );
  }
  return (
    <p role="status" className={cn('text-sm text-ink', content && 'border-b border-line bg-brand-50 px-1.5 py-1')}>
      {content}
    </p>
  );
}

/** The fade over a hidden side: the shadow of the columns beyond it. */
const CUE =
  'pointer-events-none absolute inset-y-0 z-10 w-3 from-ink/15 to-transparent transition-opacity duration-150 motion-reduce:transition-none';

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
