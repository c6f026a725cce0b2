/**
 * The one money format of Comptoir, used by the public site, the dashboard and the
 * e-mails alike: French grouping, a decimal comma, cents only when there are some, and the symbol
 * after the amount as French writes it and the specification shows the stock prices ("145 $"):
 * "1 250 000 FCFA", "899,90 €", "24 500 $".
 * Amounts arrive as decimal strings ("1250000.00") and are formatted from their digits, never
 * through a binary float. Runtime code shared with the front ends: `@comptoir/api/money`.
 */
export function formatPrice(price: string | number, symbol = ''): string {
  const text = typeof price === 'number' ? (Number.isFinite(price) ? price.toFixed(2) : String(price)) : String(price).trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return String(price);
  const [, sign, whole, decimals = ''] = match;
  const grouped = whole!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const cents = (decimals + '00').slice(0, 2);
  const amount = `${sign}${grouped}${cents === '00' ? '' : `,${cents}`}`;
  return symbol ? `${amount} ${symbol}` : amount;
}

/** The symbol written after an amount, by ISO currency code (the order currencies). */
export const CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', XOF: 'FCFA' };

const exponents = new Map<string, number>();

/** Decimals of the currency's unit (XOF 0, EUR 2...); 2 for a code Intl does not know. */
export function currencyDecimals(code: string): number {
  const key = code.toUpperCase();
  let value = exponents.get(key);
  if (value === undefined) {
    try {
      value = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: key }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      value = 2;
    }
    exponents.set(key, value);
  }
  return value;
}

/** 125050n EUR → "1250.50"; 1250000n XOF → "1250000". */
export function fromMinor(minor: bigint, code: string): string {
  const decimals = currencyDecimals(code);
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  if (decimals === 0) return `${sign}${abs}`;
  const scale = 10n ** BigInt(decimals);
  return `${sign}${abs / scale}.${(abs % scale).toString().padStart(decimals, '0')}`;
}

/**
 * A currency's name as a person reads it. The order currencies keep their stored names ("Dollar",
 * "Euro", "Fcfa": API values and database rows), but the CFA franc is always written « FCFA »,
 * like its symbol, so that one spelling appears on the screens, the PDFs and the e-mails.
 */
export function currencyLabel(name: string): string {
  return name.toLowerCase() === 'fcfa' ? 'FCFA' : name;
}

/** A count with the same French grouping as the amounts: "1 000", "14 302". */
export function formatCount(value: number): string {
  return formatPrice(Math.max(0, Math.trunc(value)));
}

/** n / d rounded half away from zero (d > 0): the one rounding of Comptoir's money. */
export function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}
