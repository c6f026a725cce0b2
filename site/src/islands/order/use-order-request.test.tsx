import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORM_STORAGE_KEY, ORDER_TEXTS, type Values } from './order-form';
import { COMPLETE_ORDER } from './order-fixtures';

vi.mock('../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));
vi.mock('../lib/http', () => ({ api: vi.fn(), isAbort: () => false }));
vi.mock('../outbox/queue-order', () => ({ queueOrder: vi.fn() }));
vi.mock('../../sw/outbox-store', () => ({ newIdempotencyKey: () => 'key-1' }));

const { api } = await import('../lib/http');
const { queueOrder } = await import('../outbox/queue-order');
const { addToCart, clearCart, getCart } = await import('../lib/cart');
const { useOrderRequest } = await import('./use-order-request');
const apiMock = vi.mocked(api);

const pump = {
  id: 7,
  name: 'Pompe immergée',
  price: '68000.00',
  stock: 3,
  image: null,
  currency: { symbol: 'FCFA', name: 'Fcfa' },
};
const complete = COMPLETE_ORDER;
const event = { preventDefault: () => {} } as FormEvent<HTMLFormElement>;

function renderRequest() {
  const options = {
    blocked: false,
    check: vi.fn(() => Promise.resolve(new Set<number>())),
    onClose: vi.fn(),
    focusField: vi.fn(),
  };
  const hook = renderHook(() => useOrderRequest({ ...options, cart: getCart() }));
  return { ...hook, options };
}
/** Types every field and goes to the last step. */
function fillAndReachStep3(result: ReturnType<typeof renderRequest>['result']) {
  act(() => {
    for (const [name, value] of Object.entries(complete)) result.current.update(name as keyof Values, value);
  });
  act(() => result.current.submit(event));
  act(() => result.current.submit(event));
  expect(result.current.step).toBe(3);
}

beforeEach(() => {
  clearCart();
  sessionStorage.clear();
  vi.clearAllMocks();
});
afterEach(cleanup);

describe('the order request’s steps and sending', () => {
  it('does not leave the cart step with an empty cart', () => {
    const { result } = renderRequest();
    act(() => result.current.submit(event));
    expect(result.current.step).toBe(1);
    expect(result.current.cartError).toBe(ORDER_TEXTS.emptyCart);
  });

  it('proposes the cart’s currency, and keeps what was typed through a reload of the tab', async () => {
    addToCart(pump);
    const first = renderRequest();
    await waitFor(() => expect(first.result.current.values.currency).toBe('Fcfa'));
    act(() => first.result.current.update('company_name', 'Agro Sud'));
    await waitFor(() => expect(sessionStorage.getItem(FORM_STORAGE_KEY)).toContain('Agro Sud'));
    first.unmount();
    const again = renderRequest();
    await waitFor(() => expect(again.result.current.values.company_name).toBe('Agro Sud'));
  });

  it('sends the visitor back to the first field missing, without sending', () => {
    addToCart(pump);
    const { result, options } = renderRequest();
    fillAndReachStep3(result);
    act(() => result.current.update('company_phone', ''));
    act(() => result.current.submit(event));
    expect(result.current.errors.company_phone).toBeTruthy();
    expect(options.focusField).toHaveBeenCalledWith('company_phone');
    expect(apiMock).not.toHaveBeenCalled();
  });

  it('sends once with an idempotency key, then empties the cart and the form and says it was recorded', async () => {
    addToCart(pump);
    apiMock.mockResolvedValue({
      ok: true,
      status: 201,
      data: { success: true, order: { order_num: 'CMD-1', hold: 'firm' } },
    } as never);
    const { result, options } = renderRequest();
    fillAndReachStep3(result);
    act(() => result.current.submit(event));
    await waitFor(() => expect(result.current.outcome?.kind).toBe('success'));
    expect(result.current.outcome?.message).toContain('Votre demande CMD-1 a bien été enregistrée.');
    expect(apiMock).toHaveBeenCalledTimes(1);
    expect(apiMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', headers: { 'Idempotency-Key': 'key-1' } });
    expect(getCart()).toEqual([]);
    await waitFor(() => expect(sessionStorage.getItem(FORM_STORAGE_KEY)).toBeNull());
    expect(options.onClose).toHaveBeenCalled();
  });

  it('goes back to the cart with each changed price to accept when the server priced it differently', async () => {
    addToCart(pump);
    apiMock.mockResolvedValue({
      ok: false,
      status: 409,
      network: false,
      data: { message: 'Les prix ont changé.', prices_changed: [{ product_id: 7, price: '70000.00' }] },
    } as never);
    const { result } = renderRequest();
    fillAndReachStep3(result);
    act(() => result.current.submit(event));
    await waitFor(() => expect(result.current.step).toBe(1));
    expect(result.current.cartError).toBe('Les prix ont changé.');
    expect(getCart()[0]).toMatchObject({ price: '70000.00', previousPrice: '68000.00' });
  });

  it('keeps the request in the outbox without a network, the cart kept', async () => {
    addToCart(pump);
    apiMock.mockResolvedValue({ ok: false, status: 0, network: true, data: null } as never);
    vi.mocked(queueOrder).mockResolvedValue(true);
    const { result } = renderRequest();
    fillAndReachStep3(result);
    act(() => result.current.submit(event));
    await waitFor(() => expect(result.current.outcome).toEqual({ kind: 'queued', message: ORDER_TEXTS.queuedMessage }));
    expect(getCart()).toHaveLength(1);
  });
});
