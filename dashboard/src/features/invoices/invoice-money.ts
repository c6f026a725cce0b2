import { formatMoney } from '../products/money';

const SYMBOLS: Record<string, string> = { XOF: 'FCFA', EUR: '€', USD: '$' };

/** "40 400 FCFA", "117,99 €": an invoice amount (decimal string) in its currency. */
export const invoiceMoney = (amount: string, code: string) => formatMoney(amount, SYMBOLS[code] ?? code);
