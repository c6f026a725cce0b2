/**
 * Lays out the "devis" (quote) PDF of an order with PDFKit, from a model whose texts are already
 * formatted (see devis.ts). Self-contained on purpose (only pdfkit and Node built-ins, erasable
 * TypeScript): the same file runs in a worker thread, so a long layout never blocks the API's event
 * loop, and in-process for the tests. Deterministic: the document's dates and file identifier come
 * from the order's creation date, so the same order always gives the same bytes.
 */
import PDFDocument from 'pdfkit';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

export interface DevisModel {
  /** ISO date of the order: the PDF's creation date and the seed of its file identifier. */
  createdAt: string;
  number: string;
  date: string;
  validUntil: string;
  company: { name: string; lines: string[]; legalIds: string[]; logoPath?: string };
  client: [string, string][];
  representative: [string, string][];
  lines: { designation: string; reference: string; quantity: string; unitPrice: string; currency: string; total: string }[];
  totals: [string, string][];
  rates: string[];
  note: string | null;
  terms: [string, string][];
  footer: string;
}

const INK = '#1f2a37';
const MUTED = '#5b6776';
const ACCENT = '#0f4c81';
const RULE = '#d5dde6';

/** PDF's standard fonts speak WinAnsi: swap the characters French formatting uses that it lacks. */
function ansi(text: string): string {
  return text
    .replace(/[\u202f\u00a0\u2009]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\u2248/g, '~');
}

export function renderDevis(model: DevisModel): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const created = new Date(model.createdAt);
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: 48, bottom: 56, left: 48, right: 48 },
      bufferPages: true,
      lang: 'fr-FR',
      info: {
        Title: ansi(`Devis ${model.number}`),
        Author: ansi(model.company.name),
        Subject: ansi(`Devis ${model.number}`),
        Creator: 'Comptoir',
        Producer: 'Comptoir (PDFKit)',
        CreationDate: created,
        ModDate: created,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc, model);
      doc.end();
    } catch (error) {
      reject(error as Error);
    }
  });
}

function draw(doc: PDFKit.PDFDocument, m: DevisModel): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.y;

  // Header: logo and company on the left, the document's identity on the right.
  let textX = left;
  if (m.company.logoPath) {
    try {
      doc.image(m.company.logoPath, left, top, { fit: [64, 64] });
      textX = left + 76;
    } catch {
      // An unreadable logo must not cost the client the quote.
    }
  }
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(15).text(ansi(m.company.name), textX, top, { width: 300 });
  doc.fillColor(MUTED).font('Helvetica').fontSize(8.5);
  for (const line of [...m.company.lines, ...m.company.legalIds]) doc.text(ansi(line), textX, doc.y + 1, { width: 300 });
  const headerBottom = doc.y;

  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(24)
    .text('DEVIS', left + width - 200, top, { width: 200, align: 'right' });
  doc.fillColor(INK).font('Helvetica').fontSize(9.5);
  for (const [label, value] of [
    ['N°', m.number],
    ['Date', m.date],
    ['Valable jusqu’au', m.validUntil],
  ] as const) {
    doc.text(ansi(`${label} : ${value}`), left + width - 200, doc.y + 2, { width: 200, align: 'right' });
  }
  doc.y = Math.max(headerBottom, doc.y) + 14;
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(1)
    .strokeColor(ACCENT)
    .stroke();
  doc.y += 12;

  // Client and representative, side by side.
  const boxTop = doc.y;
  const half = (width - 16) / 2;
  const block = (title: string, rows: [string, string][], x: number) => {
    doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(9).text(ansi(title.toUpperCase()), x, boxTop, { width: half });
    doc.moveDown(0.3);
    for (const [label, value] of rows) {
      doc.fillColor(MUTED).font('Helvetica').fontSize(8).text(ansi(label), x, doc.y, { width: half });
      doc.fillColor(INK).font('Helvetica').fontSize(9.5).text(ansi(value), x, doc.y, { width: half });
      doc.moveDown(0.2);
    }
    return doc.y;
  };
  const leftEnd = block('Client', m.client, left);
  const rightEnd = block('Représentant', m.representative, left + half + 16);
  doc.x = left;
  doc.y = Math.max(leftEnd, rightEnd) + 14;

  // The lines.
  const header = ['Désignation', 'Référence', 'Qté', 'Prix unitaire', 'Devise', 'Total'];
  const cell = (text: string, align: 'left' | 'right' | 'center' = 'left') => ({
    text: ansi(text),
    align: { x: align, y: 'center' as const },
  });
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  doc.table({
    position: { x: left, y: doc.y },
    maxWidth: width,
    columnStyles: ['*', 80, 34, 78, 42, 84],
    defaultStyle: { border: { bottom: 0.5 }, borderColor: RULE, padding: [5, 4, 5, 4] },
    rowStyles: (row) => (row === 0 ? { backgroundColor: ACCENT, textColor: '#ffffff', border: 0 } : undefined),
    data: [
      header.map((h, i) => ({
        ...cell(h, i >= 2 && i !== 4 ? 'right' : 'left'),
        font: { src: 'Helvetica-Bold' },
        type: 'TH' as const,
      })),
      ...m.lines.map((line) => [
        cell(line.designation),
        cell(line.reference),
        cell(line.quantity, 'right'),
        cell(line.unitPrice, 'right'),
        cell(line.currency),
        cell(line.total, 'right'),
      ]),
    ],
  });
  doc.x = left;
  doc.y += 12;

  // Totals, right-aligned; the rates used and the note under them.
  for (const [label, value] of m.totals) {
    const y = doc.y;
    const strong = label.startsWith('Total en') || m.totals.length === 1;
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 11 : 10)
      .fillColor(INK);
    doc.text(ansi(label), left + width - 330, y, { width: 200, align: 'right' });
    doc.text(ansi(value), left + width - 125, y, { width: 125, align: 'right' });
    doc.moveDown(0.3);
  }
  doc.x = left;
  if (m.rates.length) {
    doc.moveDown(0.3).font('Helvetica').fontSize(8.5).fillColor(MUTED);
    doc.text(ansi(`Taux appliqués : ${m.rates.join(' ; ')}`), left, doc.y, { width, align: 'right' });
  }
  if (m.note) {
    doc.moveDown(0.5).font('Helvetica-Oblique').fontSize(9).fillColor('#8a4b00');
    doc.text(ansi(m.note), left, doc.y, { width });
  }

  // Commercial terms.
  doc.moveDown(1.2).font('Helvetica-Bold').fontSize(9).fillColor(ACCENT).text('CONDITIONS', left, doc.y, { width });
  doc.moveDown(0.3);
  for (const [label, value] of m.terms) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(ansi(`${label} : `), left, doc.y, { continued: true, width });
    doc.fillColor(INK).text(ansi(value));
  }

  // The client's acceptance: a professional quote is returned signed.
  doc.moveDown(1.2);
  if (doc.y + 80 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const signTop = doc.y;
  doc
    .rect(left + width - 220, signTop, 220, 70)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
  doc.text(ansi('Bon pour accord : date, cachet et signature du client'), left + width - 212, signTop + 6, { width: 204 });
  doc.x = left;

  // Footer on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.height - doc.page.margins.bottom + 18;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
    doc.text(ansi(m.footer), left, bottom, { width: width - 60, lineBreak: true });
    doc.text(`Page ${i - range.start + 1}/${range.count}`, left + width - 60, bottom, { width: 60, align: 'right' });
  }
}

// As a worker: render every model posted, answer { id, pdf } or { id, error }.
if (!isMainThread && (workerData as { devisWorker?: boolean } | null)?.devisWorker) {
  parentPort!.on('message', (message: { id: number; model: DevisModel }) => {
    renderDevis(message.model).then(
      (pdf) => parentPort!.postMessage({ id: message.id, pdf }),
      (error: unknown) => parentPort!.postMessage({ id: message.id, error: String((error as Error)?.stack ?? error) }),
    );
  });
}
