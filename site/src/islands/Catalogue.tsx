import { useRef, type ReactNode } from 'react';
import type { ProductCardData } from '../lib/products';
import { CatalogueFilterForm } from './catalogue/CatalogueFilterForm';
import { CatalogueResults } from './catalogue/CatalogueResults';
import { useCatalogue } from './catalogue/use-catalogue';

interface Props {
  categories: { id: number; designation: string }[];
  /** The brands with their number of products (at the last publication; live once hydrated, see useBrandCounts). */
  brands: { id: number; name: string; count: number }[];
  initialProducts: ProductCardData[];
  initialTotal: number;
  /**
   * The pre-rendered cards as static HTML (an Astro slot), shown until the list changes. React does
   * not hydrate a slot: the first screen's cards cost no hydration work on a busy phone.
   */
  children?: ReactNode;
}

/**
 * The shop: a GET form (category, sort, search from 2 characters, brands, price range in the display
 * currency, availability, display currency) that works without JavaScript, 12 products then "Afficher
 * plus" 4 by 4. Once hydrated it answers live from GET /api/products/filter and keeps every filter in
 * the address (useCatalogue); the first screen (FCFA, newest first) is pre-rendered.
 */
export default function Catalogue({ categories, brands, initialProducts, initialTotal, children }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const catalogue = useCatalogue(initialProducts, initialTotal, root);
  return (
    <div data-catalogue ref={root}>
      <CatalogueFilterForm categories={categories} brands={brands} {...catalogue} />
      <CatalogueResults {...catalogue} prerenderedCards={children} />
    </div>
  );
}
