import { afterAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import sharp from 'sharp';
import { devisDocument, type DevisModel } from '../../quotes/devis-document.js';
import { renderDocumentPdf, type DocumentPdfModel } from './document-pdf.js';
import { closeWorkerPool } from '../../core/workers/pool.js';
import { renderDocumentPdfOffThread } from './render-off-thread.js';
import { DOCUMENT_KINDS, sampleDocument } from './sample-models.js';

const LOGO = new URL('../../seed/data/demo-logo.png', import.meta.url).pathname;
const LEGAL = ['RCCM TG-LOM 2019 B 01234', 'NIF 1000123456'];
const BANK = ['Banque : Ecobank Togo', 'IBAN : TG53 TG05 5010 0112 3456 7890 12', 'BIC : ECOCTGTG'];
const PREVIEWS = new URL('../../../../test-results/document-pdf/', import.meta.url).pathname;

/** The text of each page, as a reader of the PDF sees it. */
function pages(pdf: Buffer): string[] {
  const out = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`);
  return out.stdout.toString('utf8').split('\f').slice(0, -1);
}

/** The table lines printed on a page (each sample line has a reference GE-1xxx). */
const rowsOn = (page: string) => page.match(/GE-1\d{3}/g)?.length ?? 0;

afterAll(() => closeWorkerPool());

describe('the client documents layout', () => {
  it('repeats the table header on page 2 of a 23-line devis and takes at least two lines there with the totals', async () => {
    const devis: DevisModel = {
      createdAt: '2026-11-23T10:00:00.000Z',
      number: 'DEV-2026-00042 — version 1',
      date: '23 novembre 2026',
      validUntil: '23 décembre 2026',
      company: {
        name: 'Comptoir Industriel du Togo',
        lines: ['Lomé-Togo, Agoe Cacaveli', '+228 90 00 00 01 · +228 22 00 00 02', 'contact@comptoir.example'],
        legalIds: LEGAL,
        bank: BANK,
        logoPath: LOGO,
      },
      client: [
        ['Entreprise', 'Négoce Atlantique SARL'],
        ['Téléphone', '+228 90 44 55 66'],
        ['Email', 'achats@negoce.example'],
      ],
      representative: [
        ['Nom', 'Kodjo Mensah'],
        ['Téléphone', '+228 91 22 33 44'],
        ['Email', 'k.mensah@negoce.example'],
      ],
      deliveryAddress: 'Port autonome de Lomé, quai 3, Magasin B',
      lines: Array.from({ length: 23 }, (_, i) => ({
        designation: `Groupe électrogène diesel ${i + 10} kVA insonorisé`,
        reference: `GE-${1000 + i}`,
        quantity: '1',
        unitPrice: '1\u202f250\u202f000\u202fFCFA',
        currency: 'XOF',
        total: '1\u202f250\u202f000\u202fFCFA',
      })),
      totals: [
        ['Total HT', '28\u202f750\u202f000\u202fFCFA'],
        ['TVA 18 %', '5\u202f175\u202f000\u202fFCFA'],
        ['Total TTC', '33\u202f925\u202f000\u202fFCFA'],
      ],
      amountInWords: 'Arrêté le présent devis à la somme de trente-trois millions neuf-cent-vingt-cinq-mille francs CFA.',
      rates: [],
      note: null,
      terms: [
        ['Devise demandée', 'Fcfa'],
        ['Moyen de paiement', 'Chèque'],
        ['Conditions de paiement', '30 jours fin de mois'],
        ['Mode de livraison', 'Livraison sur site'],
      ],
      footer: 'Comptoir Industriel du Togo',
    };
    const text = pages(await renderDocumentPdf(devisDocument(devis)));
    expect(text).toHaveLength(2);
    expect(text[1]).toContain('Désignation');
    expect(text[1]).toContain('Prix unitaire');
    expect(rowsOn(text[1]!)).toBeGreaterThanOrEqual(2);
    expect(rowsOn(text[0]!) + rowsOn(text[1]!)).toBe(23);
    expect(text[1]).toContain('Total TTC');
    expect(text[1]).toContain('Arrêté le présent devis à la somme de trente-trois millions');
    expect(text[0]).toContain('Page 1 / 2');
    expect(text[1]).toContain('Page 2 / 2');
  });

  it('never leaves a page with a single line nor a page of lines without the header, whatever the length', async () => {
    for (const kind of ['facture', 'bon_de_livraison'] as const) {
      for (let n = 1; n <= 45; n++) {
        const text = pages(await renderDocumentPdf(sampleDocument(kind, n, { logoPath: LOGO, legalIds: LEGAL, bank: BANK })));
        const counts = text.map(rowsOn);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(n);
        text.forEach((page, i) => {
          if (counts[i]) expect([kind, n, i, page.includes('Désignation')]).toEqual([kind, n, i, true]);
          if (n > 1) expect([kind, n, i, counts[i] === 1]).toEqual([kind, n, i, false]);
          expect(page).toContain(`Page ${i + 1} / ${text.length}`);
        });
        // The totals are on the page of the last line.
        const totalsPage = text.findIndex((page) => page.includes(kind === 'facture' ? 'Total TTC' : 'Quantité livrée'));
        expect([kind, n, totalsPage]).toEqual([kind, n, counts.findLastIndex((c) => c > 0)]);
      }
    }
  });

  it('keeps an 8-digit FCFA unit price on one line, shrinking or widening its column rather than wrapping', async () => {
    const model = sampleDocument('facture', 3);
    const text = pages(await renderDocumentPdf(model)).join('\n');
    const rows = text.split('\n').filter((line) => /GE-1\d{3}/.test(line));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatch(/12 345 678 FCFA\s+18 %\s+\d{2} \d{3} \d{3} FCFA/);

    // Narrow columns and ten-digit amounts: still one line each.
    const cramped: DocumentPdfModel = {
      ...model,
      columns: model.columns.map((c) => (c.nowrap ? { ...c, width: 0.2 } : { ...c, width: 5 })),
      lines: model.lines.map((line) => ({
        ...line,
        unitPrice: '1\u202f234\u202f567\u202f890\u202fFCFA',
        total: '9\u202f876\u202f543\u202f210\u202fFCFA',
      })),
    };
    const narrow = pages(await renderDocumentPdf(cramped)).join('\n');
    const narrowRows = narrow.split('\n').filter((line) => /GE-1\d{3}/.test(line));
    for (const row of narrowRows) expect(row).toMatch(/1 234 567 890 FCFA.*9 876 543 210 FCFA/);
    expect(narrow).not.toMatch(/^\s*FCFA\s*$/m);
  });

  it('shows HT, TVA and TTC with the amount in words, the last total emphasised', async () => {
    for (const kind of ['devis', 'bon_de_commande', 'facture', 'avoir'] as const) {
      const text = pages(await renderDocumentPdf(sampleDocument(kind, 2))).join('\n');
      expect(text).toMatch(/Total HT\s+\S/);
      expect(text).toMatch(/TVA 18 %\s+-?\d/);
      expect(text).toMatch(/Total TTC\s+-?\d/);
      expect(text).toMatch(/Arrêtée? (le présent|la présente) .* à la somme de/);
    }
  });

  it('prints the logo, legal identifiers and bank details when configured, and none of them otherwise', async () => {
    const configured = await renderDocumentPdf(sampleDocument('facture', 2, { logoPath: LOGO, legalIds: LEGAL, bank: BANK }));
    const text = pages(configured).join('\n');
    for (const expected of [...LEGAL, 'COORDONNÉES BANCAIRES', ...BANK]) expect(text).toContain(expected);
    expect(configured.toString('latin1')).toContain('/Subtype /Image');

    const bare = await renderDocumentPdf(sampleDocument('facture', 2));
    const bareText = pages(bare).join('\n');
    for (const absent of ['RCCM', 'NIF', 'COORDONNÉES BANCAIRES', 'IBAN']) expect(bareText).not.toContain(absent);
    expect(bare.toString('latin1')).not.toContain('/Subtype /Image');

    // A logo that cannot be read costs nothing but the logo.
    const broken = await renderDocumentPdf(sampleDocument('facture', 2, { logoPath: '/nonexistent/logo.png' }));
    expect(pages(broken).join('\n')).toContain('FAC-2026-00001');
  });

  it('gives the same bytes for the same model, in-process and on the worker thread', async () => {
    const model = sampleDocument('bon_de_livraison', 23, { logoPath: LOGO, legalIds: LEGAL, bank: BANK });
    const first = await renderDocumentPdf(model);
    expect(Buffer.compare(await renderDocumentPdf(model), first)).toBe(0);
    const offThread = await renderDocumentPdfOffThread(model);
    expect(Buffer.isBuffer(offThread)).toBe(true);
    expect(Buffer.compare(offThread, first)).toBe(0);
    expect(pages(offThread)[0]).toContain('BON DE LIVRAISON');
    expect(pages(offThread).join('\n')).toContain('Reçu par (nom, date, signature)');
  });

  it('renders every kind to PNG pages for a person to look at (test-results/document-pdf)', async () => {
    rmSync(PREVIEWS, { recursive: true, force: true });
    mkdirSync(PREVIEWS, { recursive: true });
    for (const kind of DOCUMENT_KINDS) {
      const pdf = await renderDocumentPdf(sampleDocument(kind, 23, { logoPath: LOGO, legalIds: LEGAL, bank: BANK }));
      const out = spawnSync('pdftoppm', ['-r', '50', '-png', '-', `${PREVIEWS}${kind}`], { input: pdf });
      expect(out.status).toBe(0);
      const files = readdirSync(PREVIEWS).filter((f) => f.startsWith(`${kind}-`) && f.endsWith('.png'));
      expect(files.length).toBe(pages(pdf).length);
      for (const file of files) {
        expect(existsSync(`${PREVIEWS}${file}`)).toBe(true);
        // Not blank: dark ink on white paper.
        const stats = await sharp(`${PREVIEWS}${file}`).stats();
        expect(stats.channels[0]!.min).toBeLessThan(100);
        expect(stats.channels[0]!.max).toBeGreaterThan(200);
        expect(stats.channels[0]!.stdev).toBeGreaterThan(5);
      }
    }
  });
});
