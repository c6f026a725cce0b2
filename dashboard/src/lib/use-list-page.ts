import { useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useConfirm } from '../ui/confirm-dialog';
import { notifyError, notifySuccess } from '../ui/notify';
import type { PaginationProps } from '../ui/pagination';
import { errorText } from './api';
import { PAGE_SIZES } from './list-sort';

/** The paging part of a Laravel-style paged answer. */
export interface PagedMeta {
  current_page: number;
  last_page: number;
  /** The total is a lower bound (see Paginated): the last page is not known either. */
  total_capped?: boolean;
}

/** A page past the end (after a delete, or an old link): go to the last page. */
export function useClampPage(paged: PagedMeta | undefined, page: number, onPageChange: (page: number) => void): void {
  useEffect(() => {
    if (paged && paged.last_page >= 1 && page > paged.last_page) onPageChange(paged.last_page);
  }, [paged, page, onPageChange]);
}

/** The `pagination` prop of `DataTable` for a paged answer (none until it has loaded). */
export function pagerOf(paged: PagedMeta | undefined, onPageChange: (page: number) => void): PaginationProps | undefined {
  return paged
    ? { page: paged.current_page, lastPage: paged.last_page, lastPageOpen: paged.total_capped, onPageChange }
    : undefined;
}

/** Adds the page size chooser (`?size=`) to a list's pager, when its route keeps the size. */
export function withPageSize(
  pager: PaginationProps | undefined,
  size: number,
  onViewChange: ((patch: { size?: number }) => void) | undefined,
): PaginationProps | undefined {
  if (!pager || !onViewChange) return pager;
  const options = [...new Set([size, ...PAGE_SIZES])].sort((a, b) => a - b);
  return { ...pager, pageSize: { value: size, options, onChange: (next) => onViewChange({ size: next }) } };
}

/**
 * The loading, error and retry props of `DataTable` for a list query; `loadError` is the spec's
 * "Erreur lors du chargement des ...". `isFetching` only dims the rows kept from the previous page.
 */
export function listTableState(list: UseQueryResult<unknown>, loadError: string) {
  return {
    isLoading: list.isPending,
    isFetching: list.isFetching && list.isPlaceholderData,
    error: list.isError ? errorText(list.error, loadError, loadError) : null,
    onRetry: () => void list.refetch(),
  };
}

export interface DeleteWithConfirm<T> {
  /** The question, e.g. "Voulez-vous vraiment supprimer cette marque ?". */
  message: string;
  /** e.g. "Marque supprimée avec succès !". */
  successText: string;
  /** e.g. "Erreur lors de la suppression de la marque." (also shown when the server is unreachable). */
  failureText: string;
  remove: (item: T) => Promise<unknown>;
  /** The queries to refresh once deleted. */
  invalidate: readonly QueryKey[];
}

/**
 * Asks for confirmation, then deletes, reports the result and refreshes the queries. Pass a
 * module-level constant: the returned function only changes with it, so the table's columns that
 * use it are not rebuilt on each render.
 */
export function useDeleteWithConfirm<T>(options: DeleteWithConfirm<T>): (item: T) => Promise<void> {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  return useCallback(
    async (item: T) => {
      const { message, successText, failureText, remove, invalidate } = options;
      await confirm({
        message,
        confirmLabel: 'Supprimer',
        action: async () => {
          try {
            await remove(item);
            notifySuccess(successText);
            await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
          } catch (error) {
            notifyError(errorText(error, failureText, failureText));
          }
        },
      });
    },
    [confirm, queryClient, options],
  );
}
