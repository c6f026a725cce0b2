import { useState } from 'react';
import { productCardView } from '@comptoir/api/product-card';
import type { ProductCardData } from '../../lib/products';
import { StockBadge } from './StockBadge';

/** What the early-tap script (components/EarlyCart.astro) records for a product before hydration. */
export { cartAddData } from '@comptoir/api/product-card';

/** A shop card: image, name cut at 22 characters, category, price, stock, add to cart (a quote when exhausted). */
export function ProductCard({ product, onAdd }: { product: ProductCardData; onAdd?: (product: ProductCardData) => void }) {
  // The texts, links and price, decided as the server's cards for visitors without JavaScript decide them.
  const { href, price, action, ...view } = productCardView(product);
  // The resized copy first; the original if the copy cannot be loaded.
  const [src, setSrc] = useState(product.thumb ?? product.image);
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-xl border border-line bg-white shadow-card transition-transform duration-300 hover:scale-[1.02]"
      data-product-card={product.id}
    >
      <a href={href} className="block aspect-[4/3] overflow-hidden bg-surface-muted" tabIndex={-1} aria-hidden="true">
        {src ? (
          <img
            src={src}
            alt=""
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
            onError={() => product.image && src !== product.image && setSrc(product.image)}
          />
        ) : (
          <img
            src="/images/logo.svg"
            alt=""
            width={400}
            height={300}
            loading="lazy"
            className="h-full w-full object-contain p-4 opacity-30"
          />
        )}
      </a>
      <div className="flex flex-1 flex-col gap-1 p-2">
        {product.category && <p className="text-xs font-semibold uppercase tracking-wider text-ink-subtle">{product.category}</p>}
        <h3 className="font-bold text-brand-900" title={product.name}>
          <a href={href} className="hover:underline">
            {view.shortName}
            {view.cut && <span className="sr-only"> ({product.name})</span>}
          </a>
        </h3>
        <p className="text-lg font-extrabold text-accent-800" data-card-price>
          {price.main}
          {price.original && (
            <span className="block text-sm font-semibold text-ink-muted" data-original-price>
              {price.original}
            </span>
          )}
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-1 pt-1">
          <StockBadge stock={product.stock} />
          {action.kind === 'cart' ? (
            <button
              type="button"
              className="btn btn-secondary min-h-[40px] px-1.5 py-0.5 text-sm"
              onClick={() => onAdd?.(product)}
              data-cart-add={action.data}
            >
              Ajouter au panier<span className="sr-only"> : {product.name}</span>
            </button>
          ) : (
            // An exhausted product: the same quote request as its page offers.
            <a className="btn btn-primary min-h-[40px] px-1.5 py-0.5 text-sm" href={action.href} data-card-quote>
              Demander un devis<span className="sr-only"> : {product.name}</span>
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
