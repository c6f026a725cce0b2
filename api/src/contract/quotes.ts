/**
 * Quote versions, the client's answers and the thread about an order (docs/order-model.md): staff (dashboard) and client (public page without an account) views. Types only.
 */

import type { ClientDeliveryView } from './deliveries.js';
import type { ClientInvoiceView } from './invoices.js';

import type { QuoteState } from '../shared/statuses.js';
export type { QuoteState };

export interface QuoteLineView {
  id: number;
  product_id: number | null;
  product_name: string;
  product_reference: string | null;
  quantity: number;
  /** Unit price HT, decimal string in the line's currency ("1250000.00"). */
  unit_price: string;
  currency_code: string;
  discount_bp: number;
  tax_rate_bp: number;
  /** The line's HT after its discount, decimal string. */
  total_ht: string;
}

export interface QuoteCurrencyTotals {
  currency_code: string;
  /** Lines after their own discounts. */
  lines: string;
  /** Overall discount. */
  discount: string;
  delivery: string;
  taxes: { rate_bp: number; base: string; tax: string }[];
  ht: string;
  tax: string;
  ttc: string;
  /** "un million … francs CFA". */
  ttc_in_words: string;
}

export interface QuoteVersionView {
  id: number;
  /** 1, 2 … */
  number: number;
  /** "DEV-2026-00042". */
  quote_number: string;
  /** "DEV-2026-00042-v2". */
  reference: string;
  state: QuoteState;
  discount_bp: number;
  delivery_fee: string;
  delivery_fee_currency: string;
  /** YYYY-MM-DD, last day the client may accept. */
  valid_until: string | null;
  payment_terms: string | null;
  /** PRICES_INCLUDE_TAX as recorded on the version (made, saved or sent): its unit prices and fee are TTC. */
  prices_include_tax: boolean;
  message: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
  /** Optimistic concurrency of a draft: send it back with the update (409 when stale). */
  version: number;
  lines: QuoteLineView[];
  totals: QuoteCurrencyTotals[];
  /** "Arrêté le présent devis à la somme de : …". */
  in_words: string;
  decline_reason: string | null;
  accepted_by: { name: string; accepted_at: string } | null;
}

export interface OrderMessageView {
  id: number;
  author: 'staff' | 'client';
  author_name: string;
  /** null for a message; the client's answer to a quote otherwise. */
  event: 'accepted' | 'declined' | null;
  body: string;
  created_at: string;
}

export interface ClientLinkView {
  id: number;
  email: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** GET /api/order/{id}/quote and every staff quote action's answer. */
export interface StaffQuoteAnswer {
  success: true;
  message: string;
  quote: {
    order_id: number;
    order_num: string;
    status: string;
    quote_state: QuoteState | null;
    /** The newest version (a draft while staff revise). */
    current_id: number | null;
    /** Newest first. */
    versions: QuoteVersionView[];
    /** PRICES_INCLUDE_TAX: the unit prices and the fee are TTC (the draft's preview computes as the server does). */
    prices_include_tax: boolean;
    messages: OrderMessageView[];
    links: ClientLinkView[];
  };
}

/** POST /api/order/{id}/quote/versions/{versionId}/update body (the whole draft). */
export interface QuoteDraftPayload {
  version?: number;
  lines: {
    product_id?: number | null;
    product_name?: string;
    product_reference?: string | null;
    quantity: number;
    unit_price: string;
    currency_code?: string;
    discount_bp?: number;
    tax_rate_bp?: number;
  }[];
  discount_bp?: number;
  delivery_fee?: string;
  valid_until?: string | null;
  payment_terms?: string | null;
  message?: string | null;
}

/** POST /api/client/order: what the client's page shows. */
export interface ClientOrderAnswer {
  success: true;
  order: {
    id: number;
    order_num: string;
    company_name: string;
    created_at: string;
    /** What the request said of its delivery: the method, the address (several lines), the client's reference and note. */
    delivery_method: string;
    delivery_address: string | null;
    client_reference: string | null;
    note: string | null;
    /** The spec's status (pending, inprogress, shipped, canceled). */
    status: string;
    quote_state: QuoteState | null;
    /** The newest version sent to the client (never a draft). */
    current: QuoteVersionView | null;
    /** Earlier sent versions, newest first (their PDFs). */
    earlier: { id: number; number: number; reference: string; state: QuoteState; sent_at: string | null }[];
    messages: OrderMessageView[];
    /** The current version can be accepted or declined now. */
    can_answer: boolean;
    /** Why it cannot (expired, already answered), in French; null when it can. */
    answer_note: string | null;
    /** The order's delivery notes (returns included), oldest first, each PDF at /api/client/order/delivery-pdf. */
    deliveries: ClientDeliveryView[];
    /** The order's invoices with their balance and credit notes, each PDF at /api/client/order/invoice-pdf. */
    invoices: ClientInvoiceView[];
  };
}

/** POST /api/client/orders: every order of the link's address ("Mes commandes"). */
export interface ClientOrdersAnswer {
  success: true;
  email: string;
  orders: {
    id: number;
    order_num: string;
    created_at: string;
    status: string;
    quote_state: QuoteState | null;
    reference: string | null;
    /** The order's delivery notes and invoices, their PDFs through the same link. */
    deliveries: ClientDeliveryView[];
    invoices: ClientInvoiceView[];
  }[];
}
