import type { PublishingRebuildAnswer, PublishingStatus, PublishingStatusAnswer } from '@comptoir/api/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** While a rebuild is queued or running the indicator asks every 3 s, otherwise every 30 s. */
export const BUSY_POLL_MS = 3_000;
export const IDLE_POLL_MS = 30_000;

export function isBusy(status: PublishingStatus | undefined): boolean {
  return status?.state === 'queued' || status?.state === 'building';
}

/** GET /api/publishing/status: whether the public site is up to date with what editors saved. */
export const publishingStatusQueryOptions = queryOptions({
  queryKey: queryKeys.publishingStatus,
  queryFn: async ({ signal }) =>
    (await api.get<PublishingStatusAnswer>('/api/publishing/status', { signal, background: true })).status,
  refetchInterval: (query) => (isBusy(query.state.data) ? BUSY_POLL_MS : IDLE_POLL_MS),
  refetchIntervalInBackground: false,
  staleTime: 0,
  retry: false,
});

/** POST /api/publishing/rebuild (admin edit): starts a rebuild by hand. */
export function requestRebuild() {
  return api.post<PublishingRebuildAnswer>('/api/publishing/rebuild');
}
