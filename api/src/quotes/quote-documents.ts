import { CURRENCY_SYMBOLS, formatMoney, fromMinor } from '../common/money.js';
import type { AppConfig } from '../core/config/config.js';
import { devisModel } from './devis.service.js';
import type { DevisModel } from './devis-document.js';
import type { Order } from '../orders/entities/order.entity.js';
import { taxRows, totalsInWords } from '../orders/devis-totals.js';
import { formatLongDate } from '../shared/dates.js';
import { formatTaxRate } from '../shared/document-totals.js';
import type { QuoteAcceptance } from './entities/quote-acceptance.entity.js';
import type { QuoteVersionLine } from './entities/quote-version-line.entity.js';
import type { QuoteVersion } from './entities/quote-version.entity.js';
import { versionTotals } from './quote-views.js';

const percent = (bp: number) => formatTaxRate(bp);
const money = (minor: bigint, code: string) => formatMoney(fromMinor(minor, code), code, CURRENCY_SYMBOLS[code] ?? code);

/**
 * The PDF content of a quote version ("Devis n° DEV-2026-00042 — version 2"), or of its purchase order
 * once accepted: the order's client blocks from the devis model, the version's own lines, discounts,
 * delivery fee, HT / TVA per rate / TTC per currency and the amount in words.
 */
export function versionDocumentModel(
  order: Order,
  version: QuoteVersion,
  lines: QuoteVersionLine[],
  config: Pick<AppConfig, 'company' | 'quotes' | 'taxes'>,
  acceptance: QuoteAcceptance | null = null,
): DevisModel {
  const base = devisModel(order, [], config);
  const sorted = [...lines].sort((a, b) => a.position - b.position || a.id - b.id);
  const totals = versionTotals(version, sorted);
  const issued = version.sent_at ? new Date(version.sent_at) : new Date(version.updated_at ?? Date.now());
  const rows = taxRows(totals, version.discount_bp);
  const words = totalsInWords(acceptance ? 'bon de commande' : 'devis', totals);
  const accepted = acceptance
    ? `« Bon pour accord » donné en ligne par ${acceptance.name} le ${formatLongDate(acceptance.accepted_at)}.`
    : null;
  return {
    ...base,
    kind: acceptance ? 'bon_de_commande' : 'devis',
    createdAt: issued.toISOString(),
    number: `${version.quote_number} — version ${version.number}`,
    date: formatLongDate(issued),
    validUntil: version.valid_until ? formatLongDate(version.valid_until) : base.validUntil,
    lines: sorted.map((line, index) => ({
      designation: line.discount_bp ? `${line.product_name} (remise ${percent(line.discount_bp)})` : line.product_name,
      reference: line.product_reference ?? '—',
      quantity: String(line.quantity),
      unitPrice: formatMoney(line.unit_price, line.currency_code, CURRENCY_SYMBOLS[line.currency_code] ?? line.currency_code),
      currency: line.currency_code,
      total: money(totals.lines[index]!.ht, line.currency_code),
    })),
    totals: rows,
    rates: [],
    amountInWords: words,
    note: [accepted, version.message].filter(Boolean).join('\n'),
    footer:
      `${config.company.name} · ${config.company.address} · ${config.company.email}. ` +
      (acceptance
        ? `Devis ${version.quote_number} (version ${version.number}) accepté en ligne : il vaut bon de commande.`
        : `Devis valable jusqu’au ${version.valid_until ? formatLongDate(version.valid_until) : base.validUntil}, sous réserve de disponibilité du stock ; aucun paiement n’a été effectué en ligne.`),
    terms: [
      ['Conditions de paiement', version.payment_terms ?? order.payment_term],
      ['Moyen de paiement', order.payment_by],
      ['Mode de livraison', order.delivery_method],
    ],
  };
}
