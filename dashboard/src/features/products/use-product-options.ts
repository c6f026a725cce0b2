import type { PublicProduct } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { runtimeConfig } from '../../lib/runtime-config';
import { categoryOptionsQueryOptions, currenciesQueryOptions } from '../categories/api';
import { brandOptionsQueryOptions } from './api';
import { currencyLabel } from './money';
import { TAX_RATES, taxRateLabel } from './product-form-values';

export interface SelectOption {
  value: string;
  label: string;
}

/** The product form's choices (brands, categories, currencies, TVA rates) and the chosen currency's symbol. */
export function useProductOptions(product: PublicProduct | null, currencyId: string) {
  const brands = useQuery(brandOptionsQueryOptions);
  const categories = useQuery(categoryOptionsQueryOptions);
  const currencies = useQuery(currenciesQueryOptions);
  const symbol = useMemo(
    () => currencies.data?.find((c) => String(c.id) === currencyId)?.symbol ?? product?.currency?.symbol ?? '',
    [currencies.data, currencyId, product],
  );
  const brandOptions = useMemo(() => {
    const list: SelectOption[] = (brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name }));
    if (product?.brand && !list.some((o) => o.value === String(product.brand.id))) {
      list.unshift({ value: String(product.brand.id), label: product.brand.name });
    }
    return list;
  }, [brands.data, product]);
  const categoryOptions = useMemo(() => {
    const list: SelectOption[] = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.designation }));
    if (product?.category && !list.some((o) => o.value === String(product.category.id))) {
      list.unshift({ value: String(product.category.id), label: product.category.designation });
    }
    return list;
  }, [categories.data, product]);
  const taxOptions = useMemo(() => {
    const rates = new Set([...TAX_RATES, runtimeConfig().default_tax_rate_bp]);
    if (product) rates.add(product.tax_rate_bp);
    return [...rates].sort((a, b) => b - a).map((bp) => ({ value: String(bp), label: taxRateLabel(bp) }));
  }, [product]);
  const currencyOptions = useMemo(
    () => (currencies.data ?? []).map((c) => ({ value: String(c.id), label: `${currencyLabel(c.name)} (${c.symbol})` })),
    [currencies.data],
  );
  const placeholder = (query: { isError: boolean; isPending: boolean }, error: string) =>
    query.isError ? error : query.isPending ? 'Chargement…' : 'Choisir';
  return {
    symbol,
    brandOptions,
    categoryOptions,
    taxOptions,
    currencyOptions,
    brandPlaceholder: placeholder(brands, 'Erreur lors du chargement des marques.'),
    categoryPlaceholder: placeholder(categories, 'Erreur lors du chargement des catégories.'),
    currencyPlaceholder: placeholder(currencies, 'Erreur lors du chargement des devises.'),
    brandsPending: brands.isPending,
    categoriesPending: categories.isPending,
    currenciesPending: currencies.isPending,
  };
}

export type ProductOptions = ReturnType<typeof useProductOptions>;
