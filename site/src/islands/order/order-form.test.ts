import { describe, expect, it } from 'vitest';
import type { CartItem } from '../lib/cart';
import {
  EMPTY,
  FIELDS,
  ORDER_TEXTS,
  currencyHint,
  firstInvalid,
  orderPayload,
  proposedCurrency,
  readCreateAnswer,
  validateOrder,
  whatsappCartText,
} from './order-form';
import { COMPLETE_ORDER } from './order-fixtures';

const item = (id: number, name: string, price: string, currency: { symbol: string; name?: string }, quantity = 1): CartItem => ({
  id,
  name,
  price,
  stock: 10,
  image: null,
  currency,
  quantity,
});
const pump = item(7, 'Pompe immergée', '68000.00', { symbol: 'FCFA', name: 'Fcfa' }, 2);
const gloves = item(9, 'Gants', '19.99', { symbol: '€', name: 'Euro' });

const complete = COMPLETE_ORDER;

describe('the order form’s rules', () => {
  it('requires the eleven fields and the address for a delivery method that needs one, and checks e-mails', () => {
    const errors = validateOrder(EMPTY);
    expect(Object.keys(errors)).toHaveLength(11);
    expect(errors.company_name).toBe(ORDER_TEXTS.required);
    expect(errors.note).toBeUndefined();
    expect(validateOrder(complete)).toEqual({});
    expect(validateOrder({ ...complete, company_email: 'achats@' }).company_email).toBe(ORDER_TEXTS.invalidEmail);
    expect(validateOrder({ ...complete, delivery_address: '' }).delivery_address).toBeTruthy();
  });

  it('sends the first field in error’s step back to the visitor, in the dialog’s order', () => {
    expect(firstInvalid(validateOrder({ ...complete, company_name: '', currency: '' }))?.name).toBe('currency');
    expect(firstInvalid({ representative_email: 'x' })?.step).toBe(3);
  });

  it('sends the filled fields trimmed, leaves the empty optional ones out, and each line with the price seen', () => {
    const payload = orderPayload({ ...complete, company_name: '  Agro Sud ' }, [pump, gloves]);
    expect(payload.company_name).toBe('Agro Sud');
    expect('note' in payload).toBe(false);
    expect(payload.order_items).toEqual([
      { product_id: 7, quantity: 2, seen_price: '68000.00' },
      { product_id: 9, quantity: 1, seen_price: '19.99' },
    ]);
  });

  it('reads the CFA franc « FCFA » in the currency choice and its hint, its value staying « Fcfa »', () => {
    const currency = FIELDS.find((f) => f.name === 'currency')!;
    expect(currency.options).toEqual([
      { value: 'Dollar', label: 'Dollar' },
      { value: 'Euro', label: 'Euro' },
      { value: 'Fcfa', label: 'FCFA' },
    ]);
    expect(currencyHint([pump], 'mixte')).toBe('Les prix de votre panier sont en FCFA.');
    expect(currencyHint([pump, gloves], 'mixte')).toBe('mixte');
    expect(currencyHint([], 'mixte')).toBeUndefined();
  });

  it('proposes the cart’s currency only when it is the one currency of the cart', () => {
    expect(proposedCurrency([pump])).toBe('Fcfa');
    expect(proposedCurrency([pump, gloves])).toBeNull();
    expect(proposedCurrency([item(1, 'x', '1', { symbol: '£', name: 'Livre' })])).toBeNull();
  });

  it('reads the server’s answer: created, a field refused, prices changed, or a failure with the stock left', () => {
    const order = { order_num: 'CMD-1', hold: 'firm', confirmation_sent_to: null } as never;
    expect(readCreateAnswer({ ok: true, status: 201, data: { success: true, order } as never })).toEqual({
      kind: 'created',
      message: 'Votre demande CMD-1 a bien été enregistrée. Un email de confirmation vous a été envoyé.',
    });
    const invalid = readCreateAnswer({
      ok: false,
      status: 422,
      network: false,
      data: { message: 'x', errors: { company_email: ['Adresse invalide.'] } } as never,
    });
    expect(invalid).toMatchObject({ kind: 'invalid', errors: { company_email: 'Adresse invalide.' }, field: { step: 3 } });
    const changed = readCreateAnswer({
      ok: false,
      status: 409,
      network: false,
      data: { message: 'Les prix ont changé.', prices_changed: [{ product_id: 7, price: '70000.00' }] } as never,
    });
    expect(changed).toEqual({
      kind: 'prices-changed',
      changes: [{ product_id: 7, price: '70000.00' }],
      message: 'Les prix ont changé.',
    });
    expect(
      readCreateAnswer({
        ok: false,
        status: 409,
        network: false,
        data: { message: 'Stock', product_id: 7, available: 1 } as never,
      }),
    ).toEqual({ kind: 'failed', message: 'Stock', stock: { product_id: 7, available: 1 } });
    expect(readCreateAnswer({ ok: false, status: 0, network: true, data: null })).toEqual({
      kind: 'failed',
      message: ORDER_TEXTS.network,
      stock: null,
    });
  });

  it('writes the cart as a WhatsApp message with each unit price in the one money format', () => {
    expect(whatsappCartText([pump, gloves])).toBe(
      'Bonjour, je souhaite commander :\n- 2 × Pompe immergée (68 000 FCFA l’unité)\n- 1 × Gants (19,99 € l’unité)',
    );
  });
});
