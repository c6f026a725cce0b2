import { formatPrice } from '@comptoir/api/money';

/** A currency's name as read (« FCFA » for the stored « Fcfa »): the one rule of `@comptoir/api/money`. */
export { currencyLabel } from '@comptoir/api/money';

/**
 * Money arrives as a decimal string ("1250000.00"). It is shown in the one format of the site and the
 * e-mails (`@comptoir/api/money`): "1 250 000", "899,90", never through a binary float.
 */
export function formatAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return formatPrice(value);
}

/** "1 250 000 FCFA", "49,90 €", "12 $". */
export function formatMoney(value: string | number | null | undefined, symbol?: string | null): string {
  if (value === null || value === undefined || value === '') return '—';
  return formatPrice(value, symbol ?? '');
}

/** The text a price input holds, back to the API's decimal form ("1 250,5" → "1250.5"). */
export function normaliseAmountInput(value: string): string {
  return value.replace(/[\s\u202f\u00a0]/g, '').replace(',', '.');
}

/** A positive amount with at most two decimals, as the API accepts it. */
export const AMOUNT_PATTERN = /^\d{1,10}(?:[.,]\d{1,2})?$/;
