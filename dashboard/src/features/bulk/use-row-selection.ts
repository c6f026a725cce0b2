import { useEffect, useMemo, useState } from 'react';
import type { TableSelection } from '../../ui/data-table';
import type { BulkSelection } from './api';

export interface RowSelection<T> {
  /** For DataTable's `selection`. */
  table: TableSelection<T>;
  /** What a bulk action sends. */
  selection: BulkSelection;
  /** How many rows the action would touch. */
  count: number;
  clear: () => void;
}

/**
 * The rows chosen on a list: ids picked across pages, or « all the results ». A new search or
 * filter (`filterKey`) starts again from nothing, so an action never touches rows no longer shown.
 */
export function useRowSelection<T>(options: {
  filterKey: string;
  total: number | undefined;
  rowId: (row: T) => number;
  rowLabel: (row: T) => string;
}): RowSelection<T> {
  const { filterKey, total, rowId, rowLabel } = options;
  const [state, setState] = useState<{ ids: Set<number>; all: boolean }>({ ids: new Set(), all: false });
  useEffect(() => setState({ ids: new Set(), all: false }), [filterKey]);
  return useMemo(() => {
    const clear = () => setState({ ids: new Set(), all: false });
    return {
      table: { ids: state.ids, all: state.all, total, rowId, rowLabel, onChange: (ids, all) => setState({ ids, all }) },
      selection: { ids: [...state.ids], all: state.all },
      count: state.all ? (total ?? 0) : state.ids.size,
      clear,
    };
  }, [state, total, rowId, rowLabel]);
}
