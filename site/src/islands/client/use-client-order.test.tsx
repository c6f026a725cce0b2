import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from './use-client-order';

vi.mock('../lib/http', async (original) => ({ ...(await original<typeof import('../lib/http')>()), api: vi.fn() }));

const { api } = await import('../lib/http');
const { DONE, NETWORK, useClientOrder } = await import('./use-client-order');
const { quoteAnswer, versionPdfLabel, isShownAmount } = await import('./quote-answer');
const apiMock = vi.mocked(api);

const TOKEN = 'a'.repeat(43);
const order = (changes: Partial<OrderView> = {}) =>
  ({
    id: 4,
    order_num: 'CMD-0004',
    current: { id: 31, state: 'sent' },
    can_answer: true,
    answer_note: null,
    messages: [],
    ...changes,
  }) as unknown as OrderView;
const answer = (value: OrderView) => ({ ok: true as const, status: 200, data: { success: true as const, order: value } });

beforeEach(() => apiMock.mockReset());
afterEach(cleanup);

describe('useClientOrder', () => {
  it('loads the order with the token (and the order asked for) in the body, never in the address', async () => {
    apiMock.mockResolvedValue(answer(order()));
    const { result } = renderHook(() => useClientOrder(TOKEN, 4));
    await waitFor(() => expect(result.current.order?.order_num).toBe('CMD-0004'));
    expect(apiMock).toHaveBeenCalledWith('/api/client/order', { method: 'POST', body: { token: TOKEN, order_id: 4 } });
  });

  it('says why the order cannot be shown: the API’s message, or the network', async () => {
    apiMock.mockResolvedValueOnce({ ok: false, status: 404, network: false, data: { message: 'Lien expiré.' } } as never);
    const expired = renderHook(() => useClientOrder(TOKEN));
    await waitFor(() => expect(expired.result.current.failure).toBe('Lien expiré.'));
    apiMock.mockResolvedValueOnce({ ok: false, status: 0, network: true, data: null } as never);
    const offline = renderHook(() => useClientOrder(TOKEN));
    await waitFor(() => expect(offline.result.current.failure).toBe(NETWORK));
  });

  it('accepts the current version with the signature and shows the order as the API answers it', async () => {
    apiMock.mockResolvedValueOnce(answer(order()));
    const { result } = renderHook(() => useClientOrder(TOKEN));
    await waitFor(() => expect(result.current.order).not.toBeNull());
    apiMock.mockResolvedValueOnce(answer(order({ can_answer: false, answer_note: 'Devis accepté.' })));
    let done = false;
    await act(async () => {
      done = await result.current.accept('Awa Mensah', true);
    });
    expect(done).toBe(true);
    expect(apiMock).toHaveBeenLastCalledWith('/api/client/order/accept', {
      method: 'POST',
      body: { token: TOKEN, version_id: 31, name: 'Awa Mensah', agreed: true },
    });
    expect(result.current.notice).toBe(DONE.accept);
    expect(result.current.busy).toBeNull();
    expect(quoteAnswer(result.current.order!)).toBe('note');
  });

  it('keeps each field’s first error, or one for the form when the API names no field', async () => {
    apiMock.mockResolvedValueOnce(answer(order()));
    const { result } = renderHook(() => useClientOrder(TOKEN));
    await waitFor(() => expect(result.current.order).not.toBeNull());
    apiMock.mockResolvedValueOnce({
      ok: false,
      status: 422,
      data: { message: 'Données invalides', errors: { reason: ['Indiquez la raison.', 'Trop court.'] } },
    } as never);
    await act(async () => {
      expect(await result.current.decline('')).toBe(false);
    });
    expect(result.current.errors).toEqual({ reason: 'Indiquez la raison.' });
    expect(result.current.notice).toBeNull();
    apiMock.mockResolvedValueOnce({ ok: false, status: 409, data: { message: 'Ce devis a expiré.' } } as never);
    await act(async () => {
      await result.current.sendMessage('Bonjour');
    });
    expect(result.current.errors).toEqual({ form: 'Ce devis a expiré.' });
  });

  it('sends no answer when the order has no quote version yet', async () => {
    apiMock.mockResolvedValueOnce(answer(order({ current: null, can_answer: false })));
    const { result } = renderHook(() => useClientOrder(TOKEN));
    await waitFor(() => expect(result.current.order).not.toBeNull());
    await act(async () => {
      expect(await result.current.accept('Awa Mensah', true)).toBe(false);
      expect(await result.current.decline('Trop cher')).toBe(false);
    });
    expect(apiMock).toHaveBeenCalledTimes(1);
  });
});

describe('what a quote version offers the client', () => {
  it('offers « Accepter » / « Refuser » only for a current version the API says awaits an answer', () => {
    expect(quoteAnswer(order())).toBe('answer');
    expect(quoteAnswer(order({ can_answer: false, answer_note: 'Ce devis a expiré.' }))).toBe('note');
    expect(quoteAnswer(order({ current: null, can_answer: true }))).toBe('none');
    expect(quoteAnswer(order({ can_answer: false }))).toBe('none');
  });

  it('names an accepted version’s PDF the purchase order, and leaves zero amounts out', () => {
    expect(versionPdfLabel('accepted')).toBe('Bon de commande (PDF)');
    expect(versionPdfLabel('sent')).toBe('Télécharger le PDF');
    expect(isShownAmount('0.00')).toBe(false);
    expect(isShownAmount('0')).toBe(false);
    expect(isShownAmount('1500.00')).toBe(true);
  });
});
