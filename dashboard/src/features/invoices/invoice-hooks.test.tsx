import type { InvoiceView } from '@comptoir/api/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../lib/api';
import { invoiceActions, useOrderInvoices } from './use-order-invoices';
import { usePaymentForm } from './use-payment-form';

vi.mock('../../ui/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const invoice = (patch: Partial<InvoiceView> = {}): InvoiceView =>
  ({
    id: 9,
    number: 'FAC-2026-00009',
    state: 'issued',
    currencies: [
      { currency_code: 'EUR', ttc: '100.00', balance: '0.00', balance_minor: 0 },
      { currency_code: 'XOF', ttc: '50000', balance: '30000', balance_minor: 30000 },
    ],
    credit_notes: [],
    payments: [],
    lines: [],
    ...patch,
  }) as unknown as InvoiceView;

const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the payment form', () => {
  it('starts on the first currency with a balance due and accepts an amount of it up to that balance', () => {
    const { result } = renderHook(() => usePaymentForm(invoice(), vi.fn()), { wrapper });
    expect(result.current.values.currency).toBe('XOF');
    expect(result.current).toMatchObject({ problem: null, canSave: false });
    act(() => result.current.setAmount('abc'));
    expect(result.current).toMatchObject({ problem: 'Montant invalide', canSave: false });
    act(() => result.current.setAmount('10,5'));
    expect(result.current.problem).toBe('Montant invalide');
    act(() => result.current.setAmount('0'));
    expect(result.current.problem).toBe('Montant invalide');
    act(() => result.current.setAmount('30 001'));
    expect(result.current).toMatchObject({ problem: 'Au plus le solde dû', canSave: false });
    act(() => result.current.setAmount('30 000'));
    expect(result.current).toMatchObject({ problem: null, canSave: true });
  });

  it('checks the amount against the chosen currency’s own balance and decimals', () => {
    const { result } = renderHook(() => usePaymentForm(invoice(), vi.fn()), { wrapper });
    act(() => {
      result.current.setCurrency('EUR');
      result.current.setAmount('0,01');
    });
    expect(result.current.problem).toBe('Au plus le solde dû');
  });

  it('records the amount in minor units with the reference trimmed, or none, then closes', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ success: true, message: 'Paiement enregistré.' });
    const onClose = vi.fn();
    const { result } = renderHook(() => usePaymentForm(invoice(), onClose), { wrapper });
    act(() => {
      result.current.setAmount('12 500');
      result.current.setMethod('especes');
      result.current.setReference('  VIR-42 ');
      result.current.setPaidAt('2026-11-20');
    });
    await act(() => result.current.save());
    expect(post).toHaveBeenCalledWith('/api/invoices/9/payments', {
      amount: 12500,
      currency: 'XOF',
      method: 'especes',
      reference: 'VIR-42',
      paid_at: '2026-11-20',
    });
    expect(onClose).toHaveBeenCalled();

    act(() => result.current.setReference('   '));
    await act(() => result.current.save());
    expect(post.mock.calls[1]![1]).not.toHaveProperty('reference');
  });

  it('stays open with the server’s message when the payment is refused', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(422, 'Le montant dépasse le solde dû.'));
    const onClose = vi.fn();
    const { result } = renderHook(() => usePaymentForm(invoice(), onClose), { wrapper });
    act(() => result.current.setAmount('100'));
    await act(() => result.current.save());
    expect(result.current.error).toBe('Le montant dépasse le solde dû.');
    expect(result.current.saving).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('an invoice’s actions', () => {
  const all = () => true;
  it('offers « Paiement » while a balance is due on an invoice no credit note cancelled, to who may record payments', () => {
    expect(invoiceActions(invoice(), all).pay).toBe(true);
    expect(invoiceActions(invoice(), (category) => category !== 'payments').pay).toBe(false);
    const paid = invoice({ currencies: [{ currency_code: 'XOF', balance_minor: 0 }] as InvoiceView['currencies'] });
    expect(invoiceActions(paid, all).pay).toBe(false);
    const cancelled = invoice({ state: 'canceled_by_credit_note' });
    expect(invoiceActions(cancelled, all)).toMatchObject({ pay: false, credit: false });
  });
});

describe('issuing an order’s invoice', () => {
  it('invoices all that remains, or only the deliveries not yet invoiced when chosen', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ success: true, message: 'Facture émise.' });
    const { result } = renderHook(() => useOrderInvoices(5, false), { wrapper });
    await act(() => result.current.issue());
    expect(post).toHaveBeenLastCalledWith('/api/order/5/invoices', {});
    act(() => result.current.setSource('deliveries'));
    await act(() => result.current.issue());
    expect(post).toHaveBeenLastCalledWith('/api/order/5/invoices', { from: 'deliveries' });
    expect(result.current.issuing).toBe(false);
  });
});
