import { CURRENCY_SYMBOLS } from '@comptoir/api/money';
import { formatMoney } from '../products/money';

/** "40 400 FCFA", "117,99 €": an invoice amount (decimal string) in its currency. */
export const invoiceMoney = (amount: string, code: string) => formatMoney(amount, CURRENCY_SYMBOLS[code] ?? code);
