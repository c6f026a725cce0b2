import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { SearchInput } from '../../ui/search-input';
import { Spinner } from '../../ui/spinner';
import { productsQueryOptions } from '../products/api';

export interface PickedProduct {
  id: number;
  name: string;
  reference?: string;
}

const RESULTS = 6;

/**
 * Chooses the product a stock entry receives (optional): a search among the existing products,
 * then the chosen one with « Retirer ». `id` names the search box for its label.
 */
export function ProductPicker({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: PickedProduct | null;
  onChange: (product: PickedProduct | null) => void;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const results = useQuery({
    ...productsQueryOptions({ page: 1, search, perPage: RESULTS }),
    enabled: !value && search.length > 0,
  });

  if (value) {
    return (
      <div
        className="flex items-center justify-between gap-1 rounded-md border border-line bg-surface-muted px-1.5 py-1"
        data-testid="picked-product"
      >
        <span className="text-sm">
          <span className="font-medium text-ink">{value.name}</span>
          {value.reference ? <span className="ml-1 font-mono text-xs text-ink-subtle">Réf. {value.reference}</span> : null}
        </span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={disabled}
          icon={<X className="size-2" aria-hidden="true" />}
          onClick={() => onChange(null)}
          aria-label={`Retirer le produit ${value.name}`}
        >
          Retirer
        </Button>
      </div>
    );
  }

  const products = results.data?.products.data ?? [];
  return (
    <div className="flex flex-col gap-0.5">
      <SearchInput
        id={id}
        value={search}
        onChange={setSearch}
        placeholder="Rechercher un produit existant"
        label="Produit du catalogue"
        className="sm:max-w-none"
      />
      {search ? (
        <div aria-live="polite">
          {results.isFetching && products.length === 0 ? (
            <Spinner size="sm" label="Recherche…" />
          ) : products.length === 0 ? (
            <p className="text-xs text-ink-subtle">Aucun produit trouvé.</p>
          ) : (
            <ul className="flex flex-col gap-0.5" aria-label="Produits trouvés">
              {products.map((product) => (
                <li key={product.id}>
                  <button
                    type="button"
                    disabled={disabled}
                    className="w-full rounded-md border border-line px-1.5 py-0.5 text-left text-sm hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-accent-500"
                    onClick={() => onChange({ id: product.id, name: product.name, reference: product.reference })}
                  >
                    <span className="font-medium text-ink">{product.name}</span>{' '}
                    <span className="font-mono text-xs text-ink-subtle">Réf. {product.reference}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
