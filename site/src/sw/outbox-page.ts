/**
 * The outbox on the page: a small indicator while a request waits (« En attente d'envoi »), a send
 * on load and whenever the connection returns, and the outcome once the server answered: the order
 * dialog, when it is on the page, shows its usual confirmation (it handles `comptoir:outbox-sent`);
 * anywhere else the indicator says it, and the cart is emptied either way.
 */
import type { OrderCreatedAnswer } from '@comptoir/api/contract';
import { OUTBOX_FLAG } from './outbox-flag';
import { allEntries, deleteEntry, sendOutbox } from './outbox-store';

export const OUTBOX_TEXTS = {
  waiting: 'En attente d’envoi : votre demande partira dès le retour de la connexion.',
  sent: (num: string) => `Votre demande ${num} a été envoyée.`,
  refused: (message: string) => `Votre demande en attente n’a pas été acceptée : ${message}`,
} as const;

export type OutboxSentDetail = OrderCreatedAnswer['order'];

let watching = false;
let running: Promise<void> | null = null;

export function watchOutbox(): void {
  if (!watching) {
    watching = true;
    addEventListener('online', () => void refresh());
  }
  void refresh();
}

function refresh(): Promise<void> {
  running ??= (async () => {
    try {
      if (navigator.onLine) await sendOutbox().catch(() => true);
      await show();
    } finally {
      running = null;
    }
  })();
  return running;
}

async function show(): Promise<void> {
  const entries = await allEntries();
  let note: string | null = null;
  for (const entry of entries) {
    const result = entry.result;
    if (!result) continue;
    await deleteEntry(entry.key);
    if ('order' in result) {
      localStorage.removeItem('cart');
      dispatchEvent(new Event('comptoir:cart-recorded'));
      // The order dialog shows its confirmation and prevents the default; otherwise the indicator says it.
      const handled = !dispatchEvent(
        new CustomEvent<OutboxSentDetail>('comptoir:outbox-sent', { detail: result.order, cancelable: true }),
      );
      if (!handled) note = OUTBOX_TEXTS.sent(result.order.order_num);
    } else note = OUTBOX_TEXTS.refused(result.error);
  }
  const waiting = entries.some((e) => !e.result);
  if (waiting) localStorage.setItem(OUTBOX_FLAG, '1');
  else localStorage.removeItem(OUTBOX_FLAG);
  const indicator = document.querySelector<HTMLElement>('[data-outbox-indicator]');
  if (!indicator) return;
  const text = waiting ? OUTBOX_TEXTS.waiting : note;
  indicator.hidden = !text;
  indicator.textContent = text ?? '';
}
