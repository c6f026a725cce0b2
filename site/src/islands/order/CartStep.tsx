import { useEffect, useId, useState } from 'react';
import { formatPrice, shortName } from '../../lib/format';
import { removeOne, setQuantity, type CartItem } from '../lib/cart';
import { fixIssue, issueOf } from '../lib/cart-check';
import { ORDER_TEXTS } from './order-form';

/** Step 1 of the order dialog: the cart's lines, each with its quantity and what to fix before ordering. */
export function CartStep({ cart, error, gone }: { cart: CartItem[]; error: string | null; gone: ReadonlySet<number> }) {
  if (!cart.length) {
    return (
      <div className="py-4 text-center">
        <p className="text-lg text-ink-muted" role={error ? 'alert' : undefined}>
          {ORDER_TEXTS.emptyCart}
        </p>
        <a href="/catalogue" className="btn btn-secondary mt-2">
          Voir la boutique
        </a>
      </div>
    );
  }
  return (
    <>
      {error && (
        <p className="mb-1 rounded-md bg-danger-soft p-1.5 text-danger" role="alert">
          {error}
        </p>
      )}
      <ul className="divide-y divide-line" aria-label="Articles du panier">
        {cart.map((item) => {
          const issue = issueOf(item, gone);
          return (
            <li key={item.id} className="flex flex-wrap items-center gap-2 py-1.5" data-cart-item={item.id}>
              {item.image ? (
                <img src={item.image} alt="" width={64} height={64} className="h-8 w-8 rounded-md object-cover" />
              ) : (
                <span className="h-8 w-8 rounded-md bg-surface-muted" aria-hidden="true" />
              )}
              <div className="min-w-[140px] flex-1">
                <p className="font-semibold" title={item.name}>
                  {shortName(item.name)}
                </p>
                <p className="text-sm text-ink-muted">{formatPrice(item.price, item.currency.symbol)} l’unité</p>
              </div>
              <QuantityControl item={item} />
              <p className="w-[120px] text-right font-bold">
                {formatPrice((Math.round(Number(item.price) * 100) * item.quantity) / 100, item.currency.symbol)}
              </p>
              {issue && (
                <p
                  className="flex w-full flex-wrap items-center gap-1 text-sm font-semibold text-danger"
                  data-cart-issue={issue.kind}
                >
                  {issue.text}
                  <button
                    type="button"
                    className="btn btn-secondary min-h-0 px-1 py-0.5 text-sm"
                    onClick={() => fixIssue(item, issue)}
                  >
                    {issue.fix}
                  </button>
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

function QuantityControl({ item }: { item: CartItem }) {
  const id = useId();
  const [draft, setDraft] = useState(String(item.quantity));
  useEffect(() => setDraft(String(item.quantity)), [item.quantity]);
  const commit = () => {
    const wanted = Number(draft);
    if (!Number.isInteger(wanted) || wanted < 1 || !setQuantity(item.id, wanted)) setDraft(String(item.quantity));
  };
  return (
    <div className="flex items-center gap-0.5">
      <button
        type="button"
        className="btn btn-ghost h-[40px] min-h-0 w-[40px] p-0 text-lg"
        onClick={() => removeOne(item.id)}
        aria-label={item.quantity > 1 ? `Retirer une unité de ${item.name}` : `Retirer ${item.name} du panier`}
      >
        −
      </button>
      <label htmlFor={id} className="sr-only">
        Quantité de {item.name}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={item.stock}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
        className="field-input h-[40px] min-h-0 w-[64px] px-0.5 text-center"
      />
      <button
        type="button"
        className="btn btn-ghost h-[40px] min-h-0 w-[40px] p-0 text-lg"
        onClick={() => setQuantity(item.id, item.quantity + 1)}
        aria-label={`Ajouter une unité de ${item.name}`}
      >
        +
      </button>
    </div>
  );
}
