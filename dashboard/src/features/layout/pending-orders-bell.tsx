import type { PendingOrdersCountAnswer } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Pending-order count, asked every 30 s (spec section 9). */
export const PENDING_POLL_MS = 30_000;

/** The top bar's bell (admin view): links to the orders, green dot while orders are pending. */
export function PendingOrdersBell() {
  const { data } = useQuery({
    queryKey: queryKeys.pendingOrdersCount,
    queryFn: ({ signal }) => api.get<PendingOrdersCountAnswer>('/api/orders/count-pending', { signal, background: true }),
    refetchInterval: PENDING_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: PENDING_POLL_MS,
  });
  const count = Number(data?.count ?? 0);
  const pending = count > 0;
  const unread = Number(data?.client_messages ?? 0);
  return (
    <Link
      to={'/commandes' as '/'}
      className="relative inline-flex size-5 items-center justify-center rounded-md text-ink-muted transition-colors hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-500"
      aria-label={[
        pending ? `Commandes : ${count} en attente` : 'Commandes',
        unread ? `${unread} message${unread > 1 ? 's' : ''} de client non lu${unread > 1 ? 's' : ''}` : '',
      ]
        .filter(Boolean)
        .join(', ')}
      data-pending={pending ? 'true' : 'false'}
    >
      <Bell className="size-2.5" aria-hidden="true" />
      {pending ? (
        <span
          className="absolute right-1 top-1 size-1 rounded-full bg-success ring-2 ring-surface"
          data-testid="pending-dot"
          aria-hidden="true"
        />
      ) : null}
      {unread ? (
        <span
          className="absolute -right-0.5 -top-0.5 min-w-2 rounded-full bg-accent-700 px-0.5 text-[10px] font-bold leading-4 text-white"
          data-testid="client-messages-count"
        >
          {unread}
        </span>
      ) : null}
    </Link>
  );
}
