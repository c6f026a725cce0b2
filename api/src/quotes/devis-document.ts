import type { DocumentPdfKind, DocumentPdfModel } from '../documents/pdf/document-pdf.js';

/**
 * A quote's content, already formatted in French (devis.service.ts for an order request,
 * quotes/quote-documents.ts for a sent version or its bon de commande), laid out by the shared
 * document layout (documents/pdf) through `devisDocument`.
 */
export interface DevisModel {
  /** « devis » unless the quote was accepted and now stands as the « bon de commande ». */
  kind?: Extract<DocumentPdfKind, 'devis' | 'bon_de_commande'>;
  /** ISO date: the PDF's creation date and the seed of its file identifier. */
  createdAt: string;
  number: string;
  date: string;
  validUntil: string;
  company: { name: string; lines: string[]; legalIds: string[]; bank?: string[]; logoPath?: string };
  client: [string, string][];
  representative: [string, string][];
  /** Where the goods go, when the request said it. */
  deliveryAddress?: string | null;
  lines: { designation: string; reference: string; quantity: string; unitPrice: string; currency: string; total: string }[];
  totals: [string, string][];
  /** « Arrêté le présent devis à la somme de … ». */
  amountInWords?: string | null;
  rates: string[];
  note: string | null;
  terms: [string, string][];
  footer: string;
}

const COLUMNS: DocumentPdfModel['columns'] = [
  { key: 'designation', label: 'Désignation', width: 3.3 },
  { key: 'reference', label: 'Référence', width: 1.4 },
  { key: 'quantity', label: 'Qté', align: 'right', width: 0.6, nowrap: true },
  { key: 'unitPrice', label: 'Prix unitaire', align: 'right', width: 1.4, nowrap: true },
  { key: 'currency', label: 'Devise', width: 0.7, nowrap: true },
  { key: 'total', label: 'Total HT', align: 'right', width: 1.5, nowrap: true },
];

/** The quote (or its purchase order) in the shared layout of client documents. */
export function devisDocument(model: DevisModel): DocumentPdfModel {
  const kind = model.kind ?? 'devis';
  const order = kind === 'bon_de_commande';
  return {
    kind,
    title: order ? 'BON DE COMMANDE' : 'DEVIS',
    number: model.number,
    createdAt: model.createdAt,
    meta: [
      ['Date', model.date],
      [order ? 'Devis valable jusqu’au' : 'Valable jusqu’au', model.validUntil],
    ],
    company: model.company,
    parties: [
      { title: 'Client', rows: model.client },
      { title: 'Représentant', rows: model.representative },
      ...(model.deliveryAddress
        ? [{ title: 'Adresse de livraison', rows: [['', model.deliveryAddress]] as [string, string][] }]
        : []),
    ],
    columns: COLUMNS,
    lines: model.lines.map((line) => ({ ...line })),
    totals: model.totals,
    ...(model.amountInWords ? { amountInWords: model.amountInWords } : {}),
    notesTitle: 'CONDITIONS',
    notes: [
      ...model.terms.map(([label, value]) => `${label} : ${value}`),
      ...(model.rates.length ? [`Taux appliqués : ${model.rates.join(' ; ')}`] : []),
      ...(model.note ? model.note.split('\n').filter(Boolean) : []),
    ],
    signature: { right: 'Bon pour accord : date, cachet et signature du client' },
    footer: model.footer,
  };
}
