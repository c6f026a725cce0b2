import type { StaffOrderDetail, StaffQuoteAnswer } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { notifyError, notifySuccess } from '../../ui/notify';
import type { Quote } from './quote-draft-state';

const quoteKey = (orderId: number) => [...queryKeys.orders.detail(orderId), 'quote'] as const;

type Can = (category: 'quotes', right: 'view' | 'edit' | 'create') => boolean;

/**
 * What the quote section offers for this order and quote: the draft's editor to whoever may edit quotes,
 * « Réviser le devis » only on a pending order with neither a draft nor an accepted version, the client
 * links that are still usable (not revoked, not expired at `now`).
 */
export function quoteOffers(quote: Quote, order: Pick<StaffOrderDetail, 'status'>, can: Can, now = new Date()) {
  const draft = quote.versions.find((v) => v.state === 'draft');
  const accepted = quote.versions.find((v) => v.state === 'accepted');
  const activeLinks = quote.links.filter((l) => !l.revoked_at && new Date(l.expires_at) > now);
  return {
    draft,
    accepted,
    editDraft: Boolean(draft) && can('quotes', 'edit'),
    revise: !draft && !accepted && order.status === 'pending' && can('quotes', 'create'),
    reply: can('quotes', 'edit'),
    activeLinks: can('quotes', 'edit') ? activeLinks : [],
  };
}

/** The company's and the representative's addresses, each once whatever its case. */
export const quoteRecipients = (order: Pick<StaffOrderDetail, 'company_email' | 'representative_email'>) => [
  ...new Set([order.company_email, order.representative_email].map((a) => a.toLowerCase())),
];

/** The order's quote as loaded, and the staff's actions on it (revise, reply, revoke the links). */
export function useOrderQuote(orderId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: quoteKey(orderId),
    queryFn: async ({ signal }) => (await api.get<StaffQuoteAnswer>(`/api/order/${orderId}/quote`, { signal })).quote,
    enabled,
    staleTime: 0,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const update = (next: Quote) => {
    queryClient.setQueryData(quoteKey(orderId), next);
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.pendingOrdersCount });
  };
  const act = async (name: string, path: string, body: object, done: string) => {
    setBusy(name);
    try {
      update((await api.post<StaffQuoteAnswer>(path, body)).quote);
      notifySuccess(done);
      return true;
    } catch (error) {
      notifyError('Erreur', (isApiError(error) && error.serverMessage) || 'L’action a échoué.');
      return false;
    } finally {
      setBusy(null);
    }
  };
  return {
    query,
    busy,
    update,
    reload: () => void queryClient.invalidateQueries({ queryKey: quoteKey(orderId) }),
    revise: () => act('revise', `/api/order/${orderId}/quote/revise`, {}, 'Nouvelle version créée.'),
    reply: (body: string) => act('reply', `/api/order/${orderId}/messages`, { body }, 'Message envoyé au client.'),
    revokeLinks: () => act('revoke', `/api/order/${orderId}/client-links/revoke`, {}, 'Liens client révoqués.'),
  };
}
