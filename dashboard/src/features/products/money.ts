/**
 * Money arrives as a decimal string ("1250000.00"). It is shown in French ("1 250 000,00") without
 * ever going through a binary float, followed by its currency symbol when there is one.
 */
export function formatAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value).trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign, whole, decimals = ''] = match;
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  const cents = (decimals + '00').slice(0, 2);
  return `${sign}${grouped},${cents}`;
}

/** "1 250 000,00 FCFA", "49,90 €", "12,00 $". */
export function formatMoney(value: string | number | null | undefined, symbol?: string | null): string {
  const amount = formatAmount(value);
  return symbol && amount !== '—' ? `${amount}\u00a0${symbol}` : amount;
}

/** The text a price input holds, back to the API's decimal form ("1 250,5" → "1250.5"). */
export function normaliseAmountInput(value: string): string {
  return value.replace(/[\s\u202f\u00a0]/g, '').replace(',', '.');
}

/** A positive amount with at most two decimals, as the API accepts it. */
export const AMOUNT_PATTERN = /^\d{1,10}(?:[.,]\d{1,2})?$/;
