import type { ProductListAnswer } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import type { DraftLine } from './quote-draft-values';

export function ProductPicker({ onPick }: { onPick: (line: Omit<DraftLine, 'key'>) => void }) {
  const [search, setSearch] = useState('');
  const results = useQuery({
    queryKey: ['quote-product-search', search],
    queryFn: ({ signal }) => api.get<ProductListAnswer>('/api/product', { signal, query: { page: 1, per_page: 8, search } }),
    enabled: search.trim().length >= 2,
    staleTime: 30_000,
  });
  return (
    <div className="flex flex-col gap-0.5 text-sm">
      <label className="flex flex-col">
        Ajouter un produit du catalogue
        <input
          className="rounded border border-line px-0.5"
          placeholder="Nom ou référence"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      {results.data?.products.data.length ? (
        <ul className="rounded border border-line" data-testid="quote-product-results">
          {results.data.products.data.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="w-full px-0.5 py-0.5 text-left hover:bg-surface-muted"
                onClick={() => {
                  onPick({
                    product_id: p.id,
                    product_name: p.name,
                    product_reference: p.reference,
                    quantity: 1,
                    unit_price: p.price.replace(/\.00$/, ''),
                    currency_code: p.currency.code,
                    discount_bp: 0,
                  });
                  setSearch('');
                }}
              >
                {p.name} <span className="text-ink-muted">({p.reference})</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
