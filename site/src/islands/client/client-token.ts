import { formatDateTime, formatLongDate } from '@comptoir/api/dates';
import { CURRENCY_SYMBOLS, formatPrice } from '@comptoir/api/money';
import { ORDER_STATUS_CLIENT_LABELS, QUOTE_STATE_CLIENT_LABELS } from '@comptoir/api/statuses';

/**
 * The token of a client link arrives in the address's fragment (`/suivi-commande#…`): a fragment is
 * never sent to a server, so the token stays out of access logs and Referer headers. It is moved to
 * this tab's sessionStorage (a reload keeps working) and removed from the address bar; the API gets it
 * in the body of POST requests only.
 */
const TOKEN = /^[\w-]{43}$/;

export function takeToken(key: string): string | null {
  const fromHash = window.location.hash.slice(1);
  if (TOKEN.test(fromHash)) {
    try {
      sessionStorage.setItem(key, fromHash);
    } catch {
      // Private mode without storage: the token lives in memory for this page only.
    }
    history.replaceState(null, '', window.location.pathname);
    return fromHash;
  }
  try {
    const kept = sessionStorage.getItem(key);
    return kept && TOKEN.test(kept) ? kept : null;
  } catch {
    return null;
  }
}

/** "1 590 493 FCFA", "1 234,50 €", "24 500 $": the one money format, by ISO currency code. */
export const money = (amount: string, code: string): string => formatPrice(amount, CURRENCY_SYMBOLS[code] ?? code);

export const percent = (bp: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(bp / 100)}\u00a0%`;

/** "5 mars 2026" (validity dates, documents). */
export const dateFr = (iso: string | null): string => formatLongDate(iso);

/** "05 mars 2026 14:05" (messages). */
export const dateTimeFr = (iso: string): string => formatDateTime(iso);

/** What a client reads for a quote version's state and for the order's status. */
export const STATE_LABELS: Record<string, string> = QUOTE_STATE_CLIENT_LABELS;
export const STATUS_LABELS: Record<string, string> = ORDER_STATUS_CLIENT_LABELS;
