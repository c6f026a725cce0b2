import type { AuditListAnswer } from '@comptoir/api/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { sortQuery } from '../../lib/list-sort';

/** The journal's filters, as they live in the URL (all optional). */
export interface AuditFilters {
  page: number;
  search: string;
  user_id?: number;
  entity?: string;
  action?: string;
  from?: string;
  to?: string;
  /** Order and page size (`?sort=&dir=&size=`), the API's default otherwise. */
  sort?: string;
  dir?: 'asc' | 'desc';
  size?: number;
}

/** The journal's page size without `?size=` (the API's own). */
export const JOURNAL_PER_PAGE = 20;

export const auditKeys = {
  all: ['audit'] as const,
  journal: (filters: AuditFilters) => ['audit', 'journal', filters] as const,
  history: (entity: string, id: number, version?: string) => ['audit', 'history', entity, id, version ?? null] as const,
};

/** GET /api/audit (admin view): one page of the journal. */
export const journalQueryOptions = ({ sort, dir, size, ...filters }: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.journal({ sort, dir, size, ...filters }),
    queryFn: async ({ signal }) =>
      (
        await api.get<AuditListAnswer>('/api/audit', {
          signal,
          query: {
            ...filters,
            ...sortQuery({ sort, dir, size }, JOURNAL_PER_PAGE),
            search: filters.search || undefined,
            page: filters.page > 1 ? filters.page : undefined,
          },
        })
      ).entries,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/**
 * GET /api/audit/history: one record's history, newest first, page after page ("Afficher plus").
 * `version` (the record's `updated_at`) is part of the key: once the record is saved and read again,
 * its history is fetched again, without every mutation having to know about the history.
 */
export const historyQueryOptions = (entity: string, id: number, version?: string) =>
  infiniteQueryOptions({
    queryKey: auditKeys.history(entity, id, version),
    queryFn: async ({ signal, pageParam }) =>
      (await api.get<AuditListAnswer>('/api/audit/history', { signal, query: { entity, entity_id: id, page: pageParam } }))
        .entries,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    staleTime: 0,
  });
