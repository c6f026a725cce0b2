import { useEffect, useState } from 'react';
import type { OrderCurrencyChoice, OrderEstimateAnswer } from '@comptoir/api/contract';
import { formatPrice } from '../../lib/format';
import type { CartItem } from '../lib/cart';
import { api, isAbort } from '../lib/http';

export const CONVERSION_TEXTS = {
  label: 'Total TTC',
  indicative: 'au taux du jour, indicatif',
  mixedHint: 'Chaque produit garde son prix dans sa devise ; le total est converti dans la devise choisie.',
} as const;

/**
 * The cart's total, taxes included, converted into the chosen currency (« Total TTC ≈ 2 872 226 FCFA
 * au taux du jour, indicatif »), computed by the server with the rates of the day and the shared
 * totals rule (POST /api/order/estimate: the same pricing as the order, nothing reserved). Shown only
 * when there is something to convert.
 */
export function ConvertedTotal({ cart, currency }: { cart: CartItem[]; currency: OrderCurrencyChoice | '' }) {
  const [estimate, setEstimate] = useState<OrderEstimateAnswer['estimate'] | null>(null);
  const key = JSON.stringify(cart.map((item) => [item.id, item.quantity]));

  useEffect(() => {
    setEstimate(null);
    if (!currency || !cart.length) return;
    const controller = new AbortController();
    const items = cart.map((item) => ({ product_id: item.id, quantity: item.quantity }));
    api<OrderEstimateAnswer>('/api/order/estimate', {
      method: 'POST',
      body: { currency, order_items: items },
      signal: controller.signal,
    }).then(
      (result) => setEstimate(result.ok ? result.data.estimate : null),
      (error: unknown) => {
        if (!isAbort(error)) setEstimate(null);
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the cart's lines
  }, [key, currency]);

  if (!estimate) return null;
  const { money } = estimate;
  const converts = money.totals.length > 1 || money.totals[0]?.currency_code !== money.currency_code;
  if (!converts) return null;
  if (estimate.converted_ttc === null) {
    return (
      <span className="block text-xs text-warning" data-testid="order-converted-total">
        {money.note}
      </span>
    );
  }
  return (
    <span className="block" data-testid="order-converted-total">
      {CONVERSION_TEXTS.label} ≈{' '}
      <strong className="text-ink">{formatPrice(estimate.converted_ttc, money.currency_symbol)}</strong>{' '}
      {CONVERSION_TEXTS.indicative}
    </span>
  );
}
