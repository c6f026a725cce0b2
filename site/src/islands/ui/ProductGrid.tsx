import type { HTMLAttributes } from 'react';
import type { ProductCardData } from '../../lib/products';
import { ProductCard } from './ProductCard';

/**
 * The shop's cards in their grid, one to four columns as the screen widens: the island's live list,
 * and the static HTML of the pre-rendered pages (/catalogue's first cards, /catalogue/page/N).
 */
export function ProductGrid({
  products,
  onAdd,
  ...attributes
}: { products: ProductCardData[]; onAdd?: (product: ProductCardData) => void } & HTMLAttributes<HTMLUListElement>) {
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4" {...attributes}>
      {products.map((product) => (
        <li key={product.id} className="card-near-view">
          <ProductCard product={product} onAdd={onAdd} />
        </li>
      ))}
    </ul>
  );
}
