import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductCardData } from '../lib/products';

vi.mock('./lib/http', () => ({ api: vi.fn(), isAbort: () => false }));
vi.mock('./lib/toast', () => ({ prepareToasts: vi.fn(), notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const { api } = await import('./lib/http');
const { default: Catalogue } = await import('./Catalogue');
const { ProductGrid } = await import('./ui/ProductGrid');
const apiMock = vi.mocked(api);

const card = (id: number, name: string): ProductCardData => ({
  id,
  name,
  price: '68000.00',
  stock: 3,
  image: null,
  thumb: null,
  currency: { symbol: 'FCFA', name: 'Franc CFA' },
  category: 'Pompes',
  spotlight: false,
});
const prerendered = [card(1, 'Groupe électrogène 5 kVA'), card(2, 'Pompe immergée')];
const answer = (names: string[]) => ({
  ok: true as const,
  status: 200,
  data: {
    products: names.map((name, i) => ({
      id: 100 + i,
      name,
      price: '1000.00',
      stock: 5,
      images: [],
      currency: { symbol: 'FCFA' },
    })),
    totalProducts: names.length,
  },
});

const show = (search: string) => window.history.replaceState(null, '', `/catalogue${search}`);
/** The product lists asked for (the brand counts are asked once besides, see below). */
const filterCalls = () => apiMock.mock.calls.filter(([path]) => path.startsWith('/api/products/filter?'));
const asked = () => filterCalls().map(([path]) => new URLSearchParams(path.split('?')[1]));
let brandCounts: unknown = {
  ok: true,
  status: 200,
  data: { success: true, message: 'Marques trouvées', brands: [{ id: 5, count: 7 }] },
};
const renderCatalogue = () =>
  render(
    <Catalogue
      categories={[{ id: 3, designation: 'Pompes' }]}
      brands={[{ id: 5, name: 'Grundfos', count: 4 }]}
      initialProducts={prerendered}
      initialTotal={40}
    />,
  );

beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation((path: string) =>
    Promise.resolve((path === '/api/products/brand-counts' ? brandCounts : answer(['Pompe de surface'])) as never),
  );
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the catalogue’s filters in the address', () => {
  it('shows the pre-rendered list without asking the server when the address names no filter', async () => {
    show('');
    renderCatalogue();
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(filterCalls()).toHaveLength(0);
    expect(screen.getByTitle('Groupe électrogène 5 kVA')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('40 produits');
    expect(window.location.search).toBe('');
  });

  it('restores every filter of a shared link and asks for that list once, search and prices included', async () => {
    show('?categorie=3&recherche=pompe&prix_max=80000&marque=5&tri=prix_asc');
    renderCatalogue();
    await screen.findByTitle('Pompe de surface');
    // Past both typing delays: no second question once the first answered.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(filterCalls()).toHaveLength(1);
    const [query] = asked();
    expect(query?.get('category')).toBe('3');
    expect(query?.get('search')).toBe('pompe');
    expect(query?.get('prix_max')).toBe('80000');
    expect(query?.getAll('marque')).toEqual(['5']);
    expect(query?.get('tri')).toBe('prix_asc');
    expect((screen.getByLabelText('Catégorie') as HTMLSelectElement).value).toBe('3');
    expect((screen.getByLabelText('Maximum') as HTMLInputElement).value).toBe('80000');
    expect((screen.getByLabelText(/Grundfos/) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTitle('Groupe électrogène 5 kVA')).toBeNull();
  });

  it('writes a changed filter back to the address, defaults left out', async () => {
    show('?tri=prix_asc');
    renderCatalogue();
    await screen.findByTitle('Pompe de surface');
    const category = screen.getByLabelText('Catégorie') as HTMLSelectElement;
    await act(async () => {
      category.value = '3';
      category.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(window.location.search).toBe('?categorie=3&tri=prix_asc'));
  });

  it('marks an amount that is not one and never sends it', async () => {
    show('');
    renderCatalogue();
    const min = screen.getByLabelText('Minimum') as HTMLInputElement;
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(min, '45 000 FCFA');
      min.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Saisissez un montant, par exemple 45000 ou 69,70.')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(asked().every((query) => !query.has('prix_min'))).toBe(true);
  });
});

describe('the brand filter’s counts', () => {
  it('shows each brand’s number of products as the API counts it now, not as published', async () => {
    show('');
    renderCatalogue();
    expect(screen.getByLabelText(/Grundfos/).parentElement?.textContent).toContain('(4)');
    await waitFor(() => expect(screen.getByLabelText(/Grundfos/).parentElement?.textContent).toContain('(7)'));
    expect(apiMock.mock.calls.filter(([path]) => path === '/api/products/brand-counts')).toHaveLength(1);
  });

  it('keeps the published counts when the API cannot answer', async () => {
    brandCounts = { ok: false, status: 0, network: true };
    try {
      show('');
      renderCatalogue();
      await waitFor(() => expect(apiMock.mock.calls.some(([path]) => path === '/api/products/brand-counts')).toBe(true));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.getByLabelText(/Grundfos/).parentElement?.textContent).toContain('(4)');
    } finally {
      brandCounts = {
        ok: true,
        status: 200,
        data: { success: true, message: 'Marques trouvées', brands: [{ id: 5, count: 7 }] },
      };
    }
  });
});

describe('the pre-rendered cards', () => {
  // As Astro passes them: the cards' HTML inside the island, which React shows but does not hydrate.
  const staticCards = renderToStaticMarkup(<ProductGrid products={prerendered} />);
  const renderWithStaticCards = () =>
    render(
      <Catalogue categories={[{ id: 3, designation: 'Pompes' }]} brands={[]} initialProducts={prerendered} initialTotal={40}>
        <div data-testid="static-cards" dangerouslySetInnerHTML={{ __html: staticCards }} />
      </Catalogue>,
    );

  it('are shown as they are, and their « Ajouter au panier » puts the product in the cart once', async () => {
    show('');
    renderWithStaticCards();
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(filterCalls()).toHaveLength(0);
    const cards = screen.getByTestId('static-cards');
    fireEvent.click(within(cards).getAllByRole('button', { name: /Ajouter au panier/ })[1]!);
    const cart = JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: number; quantity: number; price: string }[];
    expect(cart.map(({ id, quantity, price }) => ({ id, quantity, price }))).toEqual([{ id: 2, quantity: 1, price: '68000.00' }]);
  });

  it('give way to the live list once a filter is in the address', async () => {
    show('?tri=prix_asc');
    renderWithStaticCards();
    await screen.findByTitle('Pompe de surface');
    expect(screen.queryByTestId('static-cards')).toBeNull();
    expect(screen.queryByTitle('Groupe électrogène 5 kVA')).toBeNull();
  });
});
