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

const SYMBOLS: Record<string, string> = { XOF: 'FCFA', EUR: '€', USD: '$' };
const DECIMALS: Record<string, number> = { XOF: 0, EUR: 2, USD: 2 };

/** "1 590 493 FCFA", "1 234,50 €". */
export function money(amount: string, code: string): string {
  const value = Number(amount);
  const digits = DECIMALS[code] ?? 2;
  const text = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  return `${text}\u00a0${SYMBOLS[code] ?? code}`;
}

export const percent = (bp: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(bp / 100)}\u00a0%`;

export const dateFr = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Africa/Lome' }).format(
        new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso),
      )
    : '';

export const dateTimeFr = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lome' }).format(new Date(iso));

export const STATE_LABELS: Record<string, string> = {
  draft: 'En préparation',
  sent: 'En attente de votre réponse',
  accepted: 'Accepté',
  declined: 'Refusé',
  expired: 'Expiré ou remplacé',
};

export const STATUS_LABELS: Record<string, string> = {
  pending: 'En attente',
  inprogress: 'Confirmée, en cours',
  shipped: 'Livrée',
  canceled: 'Annulée',
};
