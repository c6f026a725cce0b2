import PDFDocument from 'pdfkit';
import type { ProductSpec } from '../catalogue/product-specs.js';

/** PDFKit's standard fonts know WinAnsi only: the few signs outside it are spelled plainly. */
const ansi = (text: string) => text.replace(/[\u2019\u2018]/g, "'").replace(/[\u00a0\u202f]/g, ' ');

/**
 * A one-page « Fiche technique » for a demo product (its name, reference and specification table),
 * made at seed time so that no binary file lives in the repository. Also used by tests as a real PDF.
 */
export function renderDatasheetPdf(product: { name: string; reference: string; specs: ProductSpec[] }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const fixed = new Date('2026-01-01T00:00:00Z');
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      lang: 'fr-FR',
      info: {
        Title: ansi(`Fiche technique ${product.reference}`),
        Author: 'Comptoir',
        Creator: 'Comptoir',
        Producer: 'Comptoir (PDFKit)',
        CreationDate: fixed,
        ModDate: fixed,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.font('Helvetica-Bold').fontSize(18).text(ansi(product.name));
      doc
        .font('Helvetica')
        .fontSize(11)
        .fillColor('#555555')
        .text(ansi(`Fiche technique - référence ${product.reference}`));
      doc.moveDown(1.5).fillColor('#000000');
      for (const spec of product.specs) {
        const y = doc.y;
        doc.font('Helvetica-Bold').fontSize(11).text(ansi(spec.name), 56, y, { width: 180 });
        const nameBottom = doc.y;
        doc.font('Helvetica').text(ansi(spec.value), 250, y, { width: 290 });
        doc.y = Math.max(nameBottom, doc.y) + 6;
        doc.x = 56;
      }
      doc.end();
    } catch (error) {
      reject(error as Error);
    }
  });
}
