import type { PublicProduct, RuntimeConfig } from '@comptoir/api/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { setRuntimeConfig } from '../../lib/runtime-config';
import { useProductImages } from './use-product-images';
import { useProductOptions } from './use-product-options';

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const photos = (n: number) => Array.from({ length: n }, (_, i) => photo(`photo-${i}.jpg`));

describe('the product form’s images', () => {
  it('refuses a choice that goes past 5 images as a whole, and saving waits until it is fixed', () => {
    const { result } = renderHook(() => useProductImages(false));
    act(() => result.current.add(photos(3)));
    act(() => result.current.add(photos(3)));
    expect(result.current.images).toHaveLength(3);
    expect(result.current.error).toBe(
      'Vous devez sélectionner entre 1 et 5 images. Vous en avez choisi 6 : aucune n’a été ajoutée.',
    );
    let saved = true;
    act(() => void (saved = result.current.check()));
    expect(saved).toBe(false);
    act(() => result.current.remove(0));
    expect(result.current.error).toBeNull();
    act(() => void (saved = result.current.check()));
    expect(saved).toBe(true);
  });

  it('requires an image for a new product, not for one being edited', () => {
    const created = renderHook(() => useProductImages(false));
    let saved = true;
    act(() => void (saved = created.result.current.check()));
    expect(saved).toBe(false);
    expect(created.result.current.error).toBe("L'image est requise.");
    const edited = renderHook(() => useProductImages(true));
    act(() => void (saved = edited.result.current.check()));
    expect(saved).toBe(true);
  });
});

describe('the product form’s choices', () => {
  let client: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const product = {
    id: 7,
    brand: { id: 40, name: 'Marque archivée' },
    category: { id: 2, designation: 'Pompes' },
    currency: { id: 1, symbol: 'FCFA' },
    tax_rate_bp: 550,
  } as unknown as PublicProduct;

  beforeEach(() => {
    setRuntimeConfig({ default_tax_rate_bp: 1800 } as RuntimeConfig);
    client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(queryKeys.brands.options, [{ id: 5, name: 'Grundfos' }]);
    client.setQueryData(queryKeys.categories.options, [{ id: 2, designation: 'Pompes' }]);
    client.setQueryData(queryKeys.currencies, [
      { id: 1, name: 'Fcfa', symbol: 'FCFA', code: 'XOF' },
      { id: 2, name: 'Euro', symbol: '€', code: 'EUR' },
    ]);
  });
  afterEach(() => {
    cleanup();
    client.clear();
    vi.restoreAllMocks();
  });

  it('keeps the product’s own brand and TVA rate choosable though no longer offered', () => {
    const { result } = renderHook(() => useProductOptions(product, '1'), { wrapper });
    expect(result.current.brandOptions.map((o) => o.label)).toEqual(['Marque archivée', 'Grundfos']);
    expect(result.current.categoryOptions.map((o) => o.label)).toEqual(['Pompes']);
    expect(result.current.taxOptions.map((o) => o.value)).toEqual(['1800', '1000', '550', '0']);
    expect(result.current.taxOptions.at(-1)?.label).toContain('(Exonéré)');
  });

  it('shows the chosen currency’s symbol beside the price', () => {
    const { result, rerender } = renderHook(({ currency }) => useProductOptions(product, currency), {
      wrapper,
      initialProps: { currency: '1' },
    });
    expect(result.current.symbol).toBe('FCFA');
    rerender({ currency: '2' });
    expect(result.current.symbol).toBe('€');
  });

  it('says a list could not be loaded instead of offering an empty choice', async () => {
    client.removeQueries({ queryKey: queryKeys.brands.options });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useProductOptions(null, ''), { wrapper });
    expect(result.current.brandPlaceholder).toBe('Chargement…');
    await waitFor(() => expect(result.current.brandPlaceholder).toBe('Erreur lors du chargement des marques.'));
    expect(result.current.categoryPlaceholder).toBe('Choisir');
  });
});
