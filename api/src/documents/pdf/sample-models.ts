import type { DocumentPdfKind, DocumentPdfModel } from './document-pdf.js';

/**
 * One realistic model per kind of client document, with as many lines as asked: for the layout's
 * tests, the PNG previews and `npm run bench:devis`. Texts are formatted as the document modules
 * format them (narrow no-break spaces in amounts), the unit price is an 8-digit FCFA amount.
 */
export const DOCUMENT_KINDS: DocumentPdfKind[] = ['devis', 'bon_de_commande', 'bon_de_livraison', 'facture', 'avoir'];

const NNBSP = '\u202f';
const fcfa = (n: number) => `${n.toLocaleString('fr-FR').replace(/[\s\u00a0\u202f]/g, NNBSP)}${NNBSP}FCFA`;

export interface SampleOptions {
  logoPath?: string;
  legalIds?: string[];
  bank?: string[];
}

export function sampleDocument(kind: DocumentPdfKind, lineCount: number, options: SampleOptions = {}): DocumentPdfModel {
  const unit = 12_345_678;
  const quantities = Array.from({ length: lineCount }, (_, i) => (i % 4) + 1);
  const sign = kind === 'avoir' ? -1 : 1;
  const ht = sign * quantities.reduce((sum, q) => sum + q * unit, 0);
  const tva = Math.round(ht * 0.18);
  const company = {
    name: 'Comptoir Industriel du Togo',
    lines: ['Lomé-Togo, Agoe Cacaveli', '+228 90 00 00 01 · +228 22 00 00 02', 'contact@comptoir.example'],
    legalIds: options.legalIds ?? [],
    ...(options.bank ? { bank: options.bank } : {}),
    ...(options.logoPath ? { logoPath: options.logoPath } : {}),
  };
  const client = {
    title: 'Client',
    rows: [
      ['Entreprise', 'Négoce Atlantique SARL'],
      ['Téléphone', '+228 90 44 55 66'],
      ['Email', 'achats@negoce.example'],
    ] as [string, string][],
  };
  const delivery = {
    title: 'Adresse de livraison',
    rows: [['', 'Port autonome de Lomé, quai 3, Magasin B']] as [string, string][],
  };
  const designation = (i: number) => `Groupe électrogène diesel ${i + 1} kVA insonorisé, capot anti-bruit`;
  const base = {
    kind,
    number: '',
    createdAt: '2026-11-23T10:00:00.000Z',
    company,
    footer: `Comptoir Industriel du Togo · Lomé-Togo, Agoe Cacaveli · contact@comptoir.example`,
  };

  if (kind === 'bon_de_livraison') {
    return {
      ...base,
      title: 'BON DE LIVRAISON',
      number: 'BL-2026-00007',
      meta: [
        ['Date', '23 novembre 2026'],
        ['Commande n°', 'CMD-2026-00042'],
        ['Réf. client', 'BC-2026-118'],
      ],
      parties: [client, delivery],
      columns: [
        { key: 'designation', label: 'Désignation', width: 3.5 },
        { key: 'reference', label: 'Référence', width: 1.3 },
        { key: 'ordered', label: 'Commandé', align: 'right', width: 1, nowrap: true },
        { key: 'delivered', label: 'Livré', align: 'right', width: 0.8, nowrap: true },
        { key: 'remaining', label: 'Reste à livrer', align: 'right', width: 1.1, nowrap: true },
      ],
      lines: quantities.map((q, i) => ({
        designation: designation(i),
        reference: `GE-${1000 + i}`,
        ordered: String(q + 1),
        delivered: String(q),
        remaining: '1',
      })),
      totals: [['Quantité livrée', String(quantities.reduce((a, b) => a + b, 0))]],
      notes: ['Marchandises reçues en bon état, sauf réserves écrites ci-dessous.'],
      notesTitle: 'OBSERVATIONS',
      signature: { left: 'Livré par', right: 'Reçu par (nom, date, signature)' },
    };
  }

  const titles: Record<string, [string, string, string]> = {
    devis: ['DEVIS', 'DEV-2026-00042 — version 2', 'le présent devis'],
    bon_de_commande: ['BON DE COMMANDE', 'DEV-2026-00042 — version 2', 'le présent bon de commande'],
    facture: ['FACTURE', 'FAC-2026-00001', 'la présente facture'],
    avoir: ['AVOIR', 'AVO-2026-00001', 'le présent avoir'],
  };
  const [title, number, phrase] = titles[kind]!;
  return {
    ...base,
    title,
    number,
    meta: [
      ['Date', '23 novembre 2026'],
      kind === 'facture'
        ? ['Échéance', '23 décembre 2026']
        : kind === 'avoir'
          ? ['Facture n°', 'FAC-2026-00001']
          : ['Valable jusqu’au', '23 décembre 2026'],
      ['Réf. client', 'BC-2026-118'],
    ],
    parties: [client, delivery],
    columns: [
      { key: 'designation', label: 'Désignation', width: 3.2 },
      { key: 'reference', label: 'Référence', width: 1.2 },
      { key: 'quantity', label: 'Qté', align: 'right', width: 0.6, nowrap: true },
      { key: 'unitPrice', label: 'Prix unitaire HT', align: 'right', width: 1.4, nowrap: true },
      { key: 'tax', label: 'TVA', align: 'right', width: 0.6, nowrap: true },
      { key: 'total', label: 'Total HT', align: 'right', width: 1.5, nowrap: true },
    ],
    lines: quantities.map((q, i) => ({
      designation: designation(i),
      reference: `GE-${1000 + i}`,
      quantity: String(q),
      unitPrice: fcfa(unit),
      tax: '18 %',
      total: fcfa(sign * q * unit),
    })),
    totals: [
      ['Total HT', fcfa(ht)],
      ['TVA 18 %', fcfa(tva)],
      ['Total TTC', fcfa(ht + tva)],
    ],
    amountInWords: `Arrêté${kind === 'facture' ? 'e' : ''} ${phrase} à la somme de ${Math.abs(ht + tva)} francs CFA toutes taxes comprises.`,
    notesTitle: 'CONDITIONS',
    notes: ['Conditions de paiement : 30 jours fin de mois', 'Moyen de paiement : Virement bancaire'],
    ...(kind === 'devis' || kind === 'bon_de_commande'
      ? { signature: { right: 'Bon pour accord : date, cachet et signature du client' } }
      : {}),
  };
}
