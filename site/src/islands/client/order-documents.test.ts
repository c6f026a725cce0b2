import { describe, expect, it } from 'vitest';
import { deliveryPdf, deliveryText, invoicePdfs, invoiceText, type ClientDelivery, type ClientInvoice } from './order-documents';

const nbsp = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

const delivery: ClientDelivery = {
  id: 7,
  number: 'BL-2026-00007',
  kind: 'delivery',
  delivered_at: '2026-03-03T10:00:00Z',
  lines: [
    { product_name: 'Ciment 50 kg', quantity: 2 },
    { product_name: 'Fer à béton', quantity: 1 },
  ],
};

const invoice: ClientInvoice = {
  id: 9,
  number: 'FAC-2026-00009',
  issued_at: '2026-03-04T10:00:00Z',
  due_date: '2026-04-03',
  state: 'partly_paid',
  state_label: 'Partiellement payée',
  currencies: [{ currency_code: 'XOF', ttc: '118000', paid: '50000', balance: '68000' }],
  credit_notes: [{ id: 3, number: 'AV-2026-00003', issued_at: '2026-03-05T10:00:00Z' }],
};

describe('an order’s documents as the client reads them', () => {
  it('names a delivery note alone under « Mes commandes », with its lines on the order’s page; a return as such', () => {
    expect(deliveryText(delivery, 'summary')).toBe('Bon de livraison BL-2026-00007 du 3 mars 2026');
    expect(deliveryText(delivery, 'full')).toBe('Livraison BL-2026-00007 du 3 mars 2026 : Ciment 50 kg × 2, Fer à béton × 1');
    const back = { ...delivery, kind: 'return' as const, lines: [{ product_name: 'Ciment 50 kg', quantity: -1 }] };
    expect(deliveryText(back, 'summary')).toBe('Retour BL-2026-00007 du 3 mars 2026');
    expect(deliveryText(back, 'full')).toBe('Retour BL-2026-00007 du 3 mars 2026 : Ciment 50 kg × 1');
    expect(deliveryPdf(delivery)).toEqual({ field: 'delivery_id', id: 7, text: 'PDF', label: 'PDF du bon BL-2026-00007' });
  });

  it('gives what remains to pay, and on the order’s page the TTC and the due date while unpaid', () => {
    expect(nbsp(invoiceText(invoice, 'summary'))).toBe(
      'Facture FAC-2026-00009 du 4 mars 2026 (Partiellement payée) : reste à payer 68 000 FCFA',
    );
    expect(nbsp(invoiceText(invoice, 'full'))).toBe(
      'Facture FAC-2026-00009 du 4 mars 2026 (Partiellement payée) : 118 000 FCFA, reste à payer 68 000 FCFA, échéance le 3 avril 2026',
    );
    const paid = { ...invoice, state: 'paid' as const, state_label: 'Payée' };
    expect(invoiceText(paid, 'full')).not.toContain('échéance');
    const two = {
      ...invoice,
      currencies: [...invoice.currencies, { currency_code: 'EUR', ttc: '10.50', paid: '0.00', balance: '10.50' }],
    };
    expect(nbsp(invoiceText(two, 'summary'))).toContain('reste à payer 68 000 FCFA ; reste à payer 10,50 €');
  });

  it('offers the invoice’s PDF then each credit note’s', () => {
    expect(invoicePdfs(invoice, 'summary')).toEqual([
      { field: 'invoice_id', id: 9, text: 'PDF', label: 'PDF de la facture FAC-2026-00009' },
      { field: 'credit_note_id', id: 3, text: 'PDF', label: 'PDF de l’avoir AV-2026-00003' },
    ]);
    expect(invoicePdfs(invoice, 'full').map((d) => d.text)).toEqual(['PDF', 'Avoir AV-2026-00003']);
  });
});
