import type { ClientOrderAnswer } from '@comptoir/api/contract';

type OrderView = ClientOrderAnswer['order'];

/**
 * What the client may do with the order's current quote version: answer it (« Accepter » /
 * « Refuser », when the API says it still awaits an answer), read why it cannot be answered (the
 * API's note), or nothing.
 */
export function quoteAnswer(order: Pick<OrderView, 'current' | 'can_answer' | 'answer_note'>): 'answer' | 'note' | 'none' {
  if (order.current && order.can_answer) return 'answer';
  return order.answer_note ? 'note' : 'none';
}

/** An accepted version's PDF is the purchase order; any other one is the quote. */
export const versionPdfLabel = (state: string): string => (state === 'accepted' ? 'Bon de commande (PDF)' : 'Télécharger le PDF');

/** Whether a total's amount (a decimal string) is shown: a zero discount or delivery is left out. */
export const isShownAmount = (amount: string): boolean => amount !== '0' && amount !== '0.00';
