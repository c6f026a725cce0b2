import type { BulkAnswer } from '@comptoir/api/contract';
import { formatCount } from '@comptoir/api/money';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isApiError, type QueryValue } from '../../lib/api';
import { useConfirm, type ConfirmOptions } from '../../ui/confirm-dialog';
import { FAILURE_MS, NOTICE_MS, notifyError } from '../../ui/notify';
import { runBulk, undoBulk, type BulkList } from './api';
import { refusalText } from './summary';
import type { RowSelection } from './use-row-selection';

export interface BulkActionContext<T> {
  list: BulkList;
  rows: RowSelection<T>;
  /** The list's search and facets in the API's names (used when « all the results » are chosen). */
  filter: Record<string, QueryValue>;
  /** What the answer changes: the lists refetch. */
  invalidate: QueryKey[];
  /** The rows' name, one and many, and whether it is feminine (« 3 commandes sélectionnées »). */
  noun: { one: string; many: string; feminine?: boolean };
}

/**
 * Runs a bulk action: after a confirmation (`ask`, or the caller's own dialog), the request, then a
 * notice with the summary (« 18 modifiés, 2 refusés »), the refused rows and « Annuler » while the
 * server can take it back; the selection is cleared and the lists refresh. Answers the summary, or
 * null when nothing was sent; a refusal of the whole request (422, 403…) throws for the caller's form.
 */
export function useBulkAction<T>({ list, rows, filter, invalidate, noun }: BulkActionContext<T>) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const refresh = () => Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  const undo = async (operationId: number) => {
    try {
      const answer = await undoBulk(list, operationId);
      toast.success(`Action annulée : ${answer.message}`, { description: refusalText(answer), duration: NOTICE_MS * 2 });
    } catch (error) {
      notifyError('Annulation impossible', (isApiError(error) && error.serverMessage) || 'Erreur de connexion au serveur.');
    }
    await refresh();
  };

  const report = async (answer: BulkAnswer) => {
    rows.clear();
    const left = answer.undo_until ? Date.parse(answer.undo_until) - Date.now() : 0;
    const operationId = answer.operation_id;
    const options = {
      description: refusalText(answer),
      duration: left > 0 ? left : answer.refused.length ? FAILURE_MS : NOTICE_MS,
      action: left > 0 && operationId ? { label: 'Annuler', onClick: () => void undo(operationId) } : undefined,
    };
    if (answer.refused.length) toast.warning(answer.message, options);
    else toast.success(answer.message, options);
    await refresh();
  };

  /** Sends `action` now (the caller's dialog was the confirmation). */
  const send = async (action: Record<string, unknown>): Promise<BulkAnswer> => {
    const answer = await runBulk(list, rows.selection, filter, action);
    await report(answer);
    return answer;
  };

  /** Asks first (`ask`), then sends; a failure is shown as a notice. */
  const confirmAndSend = async (action: Record<string, unknown>, ask: ConfirmOptions): Promise<void> => {
    await confirm({
      ...ask,
      action: () =>
        send(action).catch((error: unknown) =>
          notifyError('Action impossible', (isApiError(error) && error.serverMessage) || 'Erreur de connexion au serveur.'),
        ),
    });
  };

  /** « 3 produits », for the dialogs' titles. */
  const what = rowsText(rows.count, noun.one, noun.many);
  /** « 3 produits sélectionnés », the toolbar's label. */
  const selected = `${what} sélectionné${noun.feminine ? 'e' : ''}${rows.count > 1 ? 's' : ''}`;
  return { send, confirmAndSend, what, selected };
}

/** « 3 produits », « 1 234 articles ». */
export function rowsText(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count > 1 ? many : one}`;
}
