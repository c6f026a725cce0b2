import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useAtomValue } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartStep } from '../order/CartStep';

vi.mock('./toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));
vi.mock('./http', () => ({ api: vi.fn(), isAbort: () => false }));

const { notify } = await import('./toast');
const { api } = await import('./http');
const { addToCart, cartAtom, clearCart } = await import('./cart');
const { useCartCheck } = await import('./cart-check');
const apiMock = vi.mocked(api);

const pump = { id: 7, name: 'Pompe immergée', price: '68000.00', stock: 3, image: null, currency: { symbol: 'FCFA' } };
const stored = () => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: number; quantity: number; price: string }[];
const live = (price: string, stock = 3) =>
  apiMock.mockResolvedValue({ ok: true, status: 200, data: { product: { ...pump, price, stock } } } as never);

/** Step 1 of the order dialog as the visitor sees it: the cart's lines, checked once the dialog opens. */
function OpenCart({ open }: { open: boolean }) {
  const cart = useAtomValue(cartAtom);
  const { gone } = useCartCheck(open);
  return <CartStep cart={cart} error={null} gone={gone} />;
}

beforeEach(() => {
  clearCart();
  vi.clearAllMocks();
  live('68000.00');
});
afterEach(cleanup);

describe('the cart as the visitor uses it', () => {
  it('shows a product added from any island, and keeps its quantity within the stock', async () => {
    render(<OpenCart open={false} />);
    act(() => void addToCart(pump));
    expect(screen.getByRole('list', { name: 'Articles du panier' }).textContent).toContain('Pompe immergée');
    const more = screen.getByRole('button', { name: 'Ajouter une unité de Pompe immergée' });
    for (let i = 0; i < 3; i++) fireEvent.click(more);
    expect(stored()).toEqual([expect.objectContaining({ id: 7, quantity: 3 })]);
    expect(notify.error).toHaveBeenCalledWith('Stock épuisé');
    fireEvent.click(screen.getByRole('button', { name: 'Retirer une unité de Pompe immergée' }));
    expect(stored()[0]?.quantity).toBe(2);
  });

  it('says a price changed since the product was added, still says it when the cart opens again, until it is accepted', async () => {
    addToCart(pump);
    live('70000.00');
    render(<OpenCart open />);
    const changed = /^Le prix de Pompe immergée est passé de 68\s000\sFCFA à 70\s000\sFCFA\./;
    expect(await screen.findByText(changed)).toBeTruthy();
    expect(stored()[0]).toMatchObject({ price: '70000.00', previousPrice: '68000.00' });
    cleanup();

    // Closed and opened again: the change is still to accept.
    render(<OpenCart open={false} />);
    expect(screen.getByText(changed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'J’accepte le nouveau prix' }));
    expect(screen.queryByText(/Le prix de Pompe immergée est passé/)).toBeNull();
    expect(stored()[0]).not.toHaveProperty('previousPrice');
  });

  it('offers to take out a product the catalogue no longer has', async () => {
    addToCart(pump);
    apiMock.mockResolvedValue({ ok: false, status: 404, data: null, network: false } as never);
    render(<OpenCart open />);
    expect(await screen.findByText('Ce produit n’est plus disponible.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retirer du panier' }));
    expect(stored()).toEqual([]);
    expect(screen.queryByText('Pompe immergée')).toBeNull();
  });

  it('follows the cart changed in another tab', async () => {
    render(<OpenCart open={false} />);
    const other = JSON.stringify([{ ...pump, quantity: 2 }]);
    localStorage.setItem('cart', other);
    act(
      () => void window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: other, storageArea: localStorage })),
    );
    await waitFor(() => expect(screen.getByRole('list', { name: 'Articles du panier' }).textContent).toContain('Pompe immergée'));
  });
});
