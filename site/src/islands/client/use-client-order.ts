import { useCallback, useEffect, useState } from 'react';
import type { ClientOrderAnswer } from '@comptoir/api/contract';
import { api, firstErrors } from '../lib/http';

export type OrderView = ClientOrderAnswer['order'];
export type OrderAction = 'message' | 'accept' | 'decline';

export const NETWORK = 'La connexion a échoué : vérifiez votre réseau puis réessayez.';

export const DONE: Record<OrderAction, string> = {
  message: 'Votre message a été envoyé à notre équipe.',
  accept: 'Merci ! Votre commande est confirmée.',
  decline: 'Votre refus a été transmis à notre équipe.',
};

/**
 * The client's order from its link's token (POST /api/client/order, the token in the body), and the
 * client's actions on it: a message to staff, accepting or declining the current quote version. Each
 * action answers with the order as it now is; its field errors (or one for the form) are kept until
 * the next action. Actions resolve to whether they succeeded.
 */
export function useClientOrder(token: string, orderId?: number) {
  const [order, setOrder] = useState<OrderView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<OrderAction | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const base = orderId ? { token, order_id: orderId } : { token };

  const load = useCallback(async () => {
    const result = await api<ClientOrderAnswer>('/api/client/order', { method: 'POST', body: base });
    if (result.ok) setOrder(result.data.order);
    else setFailure(result.network ? NETWORK : (result.data?.message ?? NETWORK));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, orderId]);
  useEffect(() => {
    void load();
  }, [load]);

  async function post(kind: OrderAction, body: Record<string, unknown>): Promise<boolean> {
    setBusy(kind);
    setErrors({});
    setNotice(null);
    try {
      const result = await api<ClientOrderAnswer>(`/api/client/order/${kind}`, { method: 'POST', body: { ...base, ...body } });
      if (result.ok) {
        setOrder(result.data.order);
        setNotice(DONE[kind]);
        return true;
      }
      const fields = firstErrors(result.data?.errors);
      setErrors(Object.keys(fields).length ? fields : { form: result.network ? NETWORK : (result.data?.message ?? NETWORK) });
      return false;
    } finally {
      setBusy(null);
    }
  }

  const current = order?.current;
  return {
    order,
    failure,
    busy,
    errors,
    notice,
    sendMessage: (message: string) => post('message', { body: message }),
    accept: async (name: string, agreed: boolean) => (current ? post('accept', { version_id: current.id, name, agreed }) : false),
    decline: async (reason: string) => (current ? post('decline', { version_id: current.id, reason }) : false),
  };
}
