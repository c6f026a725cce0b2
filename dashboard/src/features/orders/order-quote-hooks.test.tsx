import type { QuoteVersionView, StaffQuoteAnswer } from '@comptoir/api/contract';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../lib/api';
import { notifySuccess } from '../../ui/notify';
import { useQuoteDraft, type Quote } from './quote-draft-state';
import { quoteOffers } from './use-order-quote';

vi.mock('../../ui/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const version = (patch: Partial<QuoteVersionView>): QuoteVersionView =>
  ({
    id: 11,
    number: 2,
    reference: 'DEV-2026-00042-v2',
    state: 'draft',
    discount_bp: 500,
    delivery_fee: '2000.00',
    delivery_fee_currency: 'XOF',
    valid_until: '2026-12-31',
    payment_terms: '30 jours',
    message: null,
    version: 3,
    lines: [
      {
        product_id: 7,
        product_name: 'Pompe',
        product_reference: 'P-7',
        quantity: 2,
        unit_price: '10000.00',
        currency_code: 'XOF',
        discount_bp: 0,
        tax_rate_bp: 1800,
      },
    ],
    totals: [],
    ...patch,
  }) as unknown as QuoteVersionView;

const quoteOf = (versions: QuoteVersionView[], links: Partial<Quote['links'][number]>[] = []): Quote =>
  ({ versions, links, messages: [], quote_state: versions[0]?.state ?? null }) as unknown as Quote;

const answer = (quote: Quote) => ({ success: true, message: '', quote }) as StaffQuoteAnswer;

describe('what the quote section offers', () => {
  const all = () => true;
  const now = new Date('2026-11-27T10:00:00Z');

  it('offers « Réviser » only on a pending order with no draft and no accepted version, to who may create quotes', () => {
    const sent = quoteOf([version({ state: 'sent' })]);
    expect(quoteOffers(sent, { status: 'pending' }, all, now).revise).toBe(true);
    expect(quoteOffers(sent, { status: 'canceled' }, all, now).revise).toBe(false);
    expect(quoteOffers(sent, { status: 'pending' }, (_c, right) => right !== 'create', now).revise).toBe(false);
    const accepted = quoteOf([version({ state: 'accepted' })]);
    expect(quoteOffers(accepted, { status: 'pending' }, all, now)).toMatchObject({ revise: false, editDraft: false });
    const drafting = quoteOf([version({ state: 'draft' }), version({ id: 10, state: 'sent' })]);
    expect(quoteOffers(drafting, { status: 'pending' }, all, now)).toMatchObject({ revise: false, editDraft: true });
    expect(quoteOffers(drafting, { status: 'pending' }, (_c, right) => right === 'view', now).editDraft).toBe(false);
  });

  it('counts only the client links neither revoked nor expired, and shows them only to who may edit quotes', () => {
    const quote = quoteOf(
      [version({ state: 'sent' })],
      [
        { email: 'a@x.tg', revoked_at: null, expires_at: '2026-12-01T00:00:00Z' },
        { email: 'b@x.tg', revoked_at: '2026-11-20T00:00:00Z', expires_at: '2026-12-01T00:00:00Z' },
        { email: 'c@x.tg', revoked_at: null, expires_at: '2026-11-27T09:59:59Z' },
      ],
    );
    expect(quoteOffers(quote, { status: 'pending' }, all, now).activeLinks.map((l) => l.email)).toEqual(['a@x.tg']);
    expect(quoteOffers(quote, { status: 'pending' }, (_c, right) => right === 'view', now).activeLinks).toEqual([]);
  });
});

describe('the quote draft being edited', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  const setup = (draft = version({})) => {
    const onSaved = vi.fn();
    const onReload = vi.fn();
    const hook = renderHook(
      (props: { draft: QuoteVersionView }) =>
        useQuoteDraft({ orderId: 5, draft: props.draft, pricesIncludeTax: false, onSaved, onReload }),
      { initialProps: { draft } },
    );
    return { ...hook, onSaved, onReload };
  };

  it('saves the form as typed: the version it was filled from, percentages in basis points, no row keys', async () => {
    const saved = quoteOf([version({ version: 4 })]);
    const post = vi.spyOn(api, 'post').mockResolvedValue(answer(saved));
    const { result, onSaved } = setup();
    await waitFor(() => expect(result.current.lines).toHaveLength(1));
    expect(result.current.fields).toMatchObject({ discount: '5', fee: '2000', validUntil: '2026-12-31' });
    act(() => {
      result.current.changeLine(0, { quantity: 3 });
      result.current.addBlankLine();
      result.current.setDiscount('12,5');
      result.current.setValidUntil('');
    });
    await act(() => result.current.save());
    expect(post).toHaveBeenCalledWith('/api/order/5/quote/versions/11/update', {
      version: 3,
      lines: [
        expect.objectContaining({ product_id: 7, quantity: 3, unit_price: '10000' }),
        { product_name: '', quantity: 1, unit_price: '0', currency_code: 'XOF', discount_bp: 0, tax_rate_bp: 1800 },
      ],
      discount_bp: 1250,
      delivery_fee: '2000',
      valid_until: null,
      payment_terms: '30 jours',
      message: '',
    });
    expect(onSaved).toHaveBeenCalledWith(saved);
  });

  it('previews the totals as the server counts them, with the overall discount and the fee', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.lines).toHaveLength(1));
    // 2 × 10 000 − 5 % = 19 000 HT, + 2 000 fee = 21 000 HT, TVA 18 % = 3 780.
    expect(result.current.preview?.currencies).toEqual([expect.objectContaining({ currency: 'XOF', ht: 21000n, tax: 3780n })]);
  });

  it('keeps what is typed when the draft is refetched, but offers to reload after a conflicting save', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(409, 'Ce devis a été modifié par Awa.'));
    const { result, rerender, onReload } = setup();
    await waitFor(() => expect(result.current.lines).toHaveLength(1));
    act(() => result.current.setTerms('À réception'));
    rerender({ draft: version({ version: 4, payment_terms: 'Autre' }) });
    expect(result.current.fields.terms).toBe('À réception');
    await act(() => result.current.save());
    expect(result.current.stale).toBe('Ce devis a été modifié par Awa.');
    act(() => result.current.reload());
    expect(onReload).toHaveBeenCalled();
    rerender({ draft: version({ version: 5, payment_terms: 'Autre' }) });
    await waitFor(() => expect(result.current.fields.terms).toBe('Autre'));
    expect(result.current.stale).toBeNull();
  });

  it('shows the server’s field messages after a refused save', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(422, 'Invalide', { 'lines.0.quantity': ['Quantité invalide'] }));
    const { result, onSaved } = setup();
    await waitFor(() => expect(result.current.lines).toHaveLength(1));
    expect(await act(() => result.current.save())).toBeNull();
    expect(result.current.errors).toEqual({ 'lines.0.quantity': ['Quantité invalide'] });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends only once saved, the saved version with its new version number, and never after a failed save', async () => {
    const saved = quoteOf([version({ id: 11, version: 4 })]);
    const sent = quoteOf([version({ id: 11, state: 'sent' })]);
    const post = vi.spyOn(api, 'post').mockResolvedValueOnce(answer(saved)).mockResolvedValueOnce(answer(sent));
    const { result, onSaved } = setup();
    await waitFor(() => expect(result.current.lines).toHaveLength(1));
    await act(() => result.current.send());
    expect(post.mock.calls.map((c) => c[0])).toEqual([
      '/api/order/5/quote/versions/11/update',
      '/api/order/5/quote/versions/11/send',
    ]);
    expect(post.mock.calls[1]![1]).toEqual({ version: 4 });
    expect(onSaved).toHaveBeenLastCalledWith(sent);
    expect(notifySuccess).toHaveBeenCalledWith('Devis DEV-2026-00042-v2 envoyé au client.');

    post.mockReset().mockRejectedValue(new ApiError(422, 'Invalide'));
    await act(() => result.current.send());
    expect(post).toHaveBeenCalledTimes(1);
  });
});
