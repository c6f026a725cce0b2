/**
 * The one layout of every client document (devis, bon de commande, bon de livraison, facture, avoir),
 * drawn with PDFKit from a model whose texts are already formatted by the module that owns the
 * document. Self-contained on purpose (only pdfkit, erasable TypeScript): the same file runs in a
 * worker thread (render-off-thread.ts) and in-process for the tests and the bench.
 *
 * What a client can rely on: the table header repeats on every page; a page never carries a lone
 * line (the last lines travel with the totals); amounts never wrap (their font shrinks step by step
 * down to a floor, then their column widens); totals, amount in words, logo, legal identifiers and
 * bank details when configured; « Page 1 / 2 »; the same model always gives the same bytes (the
 * dates and the file identifier come from `createdAt`).
 */
import PDFDocument from 'pdfkit';

export type DocumentPdfKind = 'devis' | 'bon_de_commande' | 'bon_de_livraison' | 'facture' | 'avoir';

export interface DocumentPdfColumn {
  key: string;
  label: string;
  align?: 'left' | 'right' | 'center';
  /** Relative weight of the column's width (1 when absent). */
  width?: number;
  /** Numbers: shrink the font, then widen the column, never wrap. */
  nowrap?: boolean;
}

export interface DocumentPdfModel {
  kind: DocumentPdfKind;
  /** « FACTURE », « BON DE LIVRAISON ». */
  title: string;
  /** FAC-2026-00001. */
  number: string;
  /** ISO date: the PDF's metadata dates and the seed of its file identifier (deterministic bytes). */
  createdAt: string;
  /** Date, Échéance, Réf. client, Devis n°, Commande n° … printed under the title. */
  meta: [string, string][];
  company: { name: string; lines: string[]; legalIds: string[]; bank?: string[]; logoPath?: string };
  /** Client, Adresse de livraison, Représentant: side by side. */
  parties: { title: string; rows: [string, string][] }[];
  columns: DocumentPdfColumn[];
  /** Already formatted texts, keyed by column key. */
  lines: Record<string, string>[];
  /** Already formatted (Total HT, TVA 18 %, Total TTC …); the last row is emphasised. */
  totals: [string, string][];
  /** « Arrêtée la présente facture à la somme de … ». */
  amountInWords?: string;
  /** Conditions, payment terms, mentions: one paragraph each. */
  notes: string[];
  /** A heading over the notes (« CONDITIONS »); none when absent. */
  notesTitle?: string;
  /** Signature boxes: BL « Livré par », « Reçu par (nom, date, signature) ». */
  signature?: { left?: string; right?: string };
  footer: string;
}

const INK = '#1f2a37';
const MUTED = '#5b6776';
const ACCENT = '#0f4c81';
const RULE = '#d5dde6';
const BAND = '#e8eef5';

const MARGIN = { top: 48, bottom: 56, left: 48, right: 48 };
/** Table text size, and the smallest size an amount may shrink to before its column widens. */
const CELL_SIZE = 9;
const CELL_FLOOR = 6.5;
const CELL_STEP = 0.5;
const PAD_X = 4;
const PAD_Y = 5;
/** How many lines travel with the totals onto a new page (never one alone). */
const KEEP_WITH_TOTALS = 2;

const KIND_NAMES: Record<DocumentPdfKind, string> = {
  devis: 'Devis',
  bon_de_commande: 'Bon de commande',
  bon_de_livraison: 'Bon de livraison',
  facture: 'Facture',
  avoir: 'Avoir',
};

/** PDF's standard fonts speak WinAnsi: swap the characters French formatting uses that it lacks. */
export function ansi(text: string): string {
  return text
    .replace(/[\u202f\u00a0\u2009]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\u2248/g, '~')
    .replace(/\u2212/g, '-');
}

export function renderDocumentPdf(model: DocumentPdfModel): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const created = new Date(model.createdAt);
    const name = `${KIND_NAMES[model.kind] ?? model.title} ${model.number}`;
    const doc = new PDFDocument({
      size: 'A4',
      margins: { ...MARGIN },
      bufferPages: true,
      autoFirstPage: true,
      lang: 'fr-FR',
      info: {
        Title: ansi(name),
        Author: ansi(model.company.name),
        Subject: ansi(name),
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
      new Layout(doc, model).draw();
      doc.end();
    } catch (error) {
      reject(error as Error);
    }
  });
}

interface Cell {
  text: string;
  size: number;
}

class Layout {
  private readonly left = MARGIN.left;
  private readonly width: number;
  private readonly limit: number;
  private readonly doc: PDFKit.PDFDocument;
  private readonly m: DocumentPdfModel;

  constructor(doc: PDFKit.PDFDocument, m: DocumentPdfModel) {
    this.doc = doc;
    this.m = m;
    this.width = doc.page.width - MARGIN.left - MARGIN.right;
    this.limit = doc.page.height - MARGIN.bottom;
  }

  draw(): void {
    this.header();
    this.parties();
    this.table();
    this.afterTable();
    this.footers();
  }

  // ---- Header: logo, company and its identifiers on the left; the document's identity on the right.
  private header(): void {
    const { doc, m, left, width } = this;
    const top = MARGIN.top;
    // The identity block is as wide as its longest text, leaving the company the rest.
    doc.font('Helvetica-Bold').fontSize(20);
    let idWidth = doc.widthOfString(ansi(m.title));
    doc.font('Helvetica').fontSize(9.5);
    for (const text of [`N° ${m.number}`, ...m.meta.map(([label, value]) => `${label} : ${value}`)]) {
      idWidth = Math.max(idWidth, doc.widthOfString(ansi(text)));
    }
    idWidth = Math.min(Math.max(160, idWidth + 4), width / 2);
    let textX = left;
    if (m.company.logoPath) {
      try {
        doc.image(m.company.logoPath, left, top, { fit: [64, 64] });
        textX = left + 76;
      } catch {
        // An unreadable logo must not cost the client the document.
      }
    }
    const companyWidth = left + width - idWidth - 16 - textX;
    doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(14).text(ansi(m.company.name), textX, top, { width: companyWidth });
    doc.fillColor(MUTED).font('Helvetica').fontSize(8.5);
    for (const line of [...m.company.lines, ...m.company.legalIds].filter(Boolean)) {
      doc.text(ansi(line), textX, doc.y + 1, { width: companyWidth });
    }
    const companyBottom = Math.max(doc.y, m.company.logoPath && textX !== left ? top + 64 : 0);

    const x = left + width - idWidth;
    doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(20).text(ansi(m.title), x, top, { width: idWidth, align: 'right' });
    doc.fillColor(INK).font('Helvetica').fontSize(9.5);
    doc.text(ansi(`N° ${m.number}`), x, doc.y + 2, { width: idWidth, align: 'right' });
    for (const [label, value] of m.meta) {
      doc.text(ansi(`${label} : ${value}`), x, doc.y + 2, { width: idWidth, align: 'right' });
    }
    doc.y = Math.max(companyBottom, doc.y) + 14;
    this.rule(doc.y, ACCENT, 1);
    doc.y += 12;
  }

  // ---- The parties (client, delivery address, representative), side by side.
  private parties(): void {
    const { doc, m, left, width } = this;
    if (!m.parties.length) return;
    const gap = 16;
    const count = m.parties.length;
    const each = (width - gap * (count - 1)) / count;
    const top = doc.y;
    let bottom = top;
    m.parties.forEach((party, i) => {
      const x = left + i * (each + gap);
      doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(9).text(ansi(party.title.toUpperCase()), x, top, { width: each });
      doc.y += 3;
      for (const [label, value] of party.rows) {
        if (label) doc.fillColor(MUTED).font('Helvetica').fontSize(8).text(ansi(label), x, doc.y, { width: each });
        doc
          .fillColor(INK)
          .font('Helvetica')
          .fontSize(this.tokenSize(ansi(value), each))
          .text(ansi(value), x, doc.y, { width: each });
        doc.y += 2;
      }
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + 14;
  }

  /**
   * A party's value in 9.5 pt, or smaller for one long word (an e-mail address, a reference) that would
   * otherwise break at a hyphen into two lines no one can copy: down to 7 pt, then it wraps.
   */
  private tokenSize(value: string, width: number): number {
    if (/\s/.test(value.trim())) return 9.5;
    let size = 9.5;
    while (size > 7 && this.doc.font('Helvetica').fontSize(size).widthOfString(value) > width) size -= 0.5;
    return size;
  }

  // ---- The lines.
  private widths: number[] = [];
  private headerCells: Cell[] = [];
  private headerHeight = 0;

  private table(): void {
    const { doc, m } = this;
    this.widths = this.columnWidths();
    this.headerCells = m.columns.map((c, i) => this.cell(c.label, i, true));
    this.headerHeight = this.rowHeight(this.headerCells, true);
    const rows = m.lines.map((line) => m.columns.map((c, i) => this.cell(line[c.key] ?? '', i, false)));
    const heights = rows.map((cells) => this.rowHeight(cells, false));
    const tail = this.tailHeight();
    const firstTop = doc.y;
    const pageStarts = this.paginate(heights, firstTop, tail);

    let y = firstTop;
    if (!rows.length || !pageStarts.has(0)) y = this.drawRow(this.headerCells, y, this.headerHeight, true);
    rows.forEach((cells, i) => {
      if (pageStarts.has(i)) {
        y = this.newPage();
        y = this.drawRow(this.headerCells, y, this.headerHeight, true);
      }
      y = this.drawRow(cells, y, heights[i]!, false);
    });
    doc.x = this.left;
    doc.y = y + 12;
    if (pageStarts.has(rows.length)) doc.y = this.newPage();
  }

  /**
   * Where new pages start (row indexes; `rows.length` means the totals start a page): rows fill pages
   * greedily, except that the last lines and the totals stay together, with at least two lines, and
   * no page is left with a single line.
   */
  private paginate(heights: number[], firstTop: number, tail: number): Set<number> {
    const n = heights.length;
    const bodyTop = MARGIN.top + this.continuationHeight() + this.headerHeight;
    const freshPage = this.limit - bodyTop;
    const starts = new Set<number>();
    /** Greedy: rows `0..to-1` from the first page on; answers where the last of them ends. */
    const fill = (to: number): { y: number; pageStart: number } => {
      starts.clear();
      let y = firstTop + this.headerHeight;
      let pageStart = 0;
      for (let i = 0; i < to; i++) {
        if (y + heights[i]! > this.limit && i > pageStart) {
          starts.add(i);
          pageStart = i;
          y = bodyTop;
        }
        y += heights[i]!;
      }
      return { y, pageStart };
    };
    const group = (from: number) => heights.slice(from).reduce((a, b) => a + b, 0) + tail;
    let keep = Math.min(KEEP_WITH_TOTALS, n);
    for (;;) {
      const { y, pageStart } = fill(n - keep);
      if (y + group(n - keep) <= this.limit) return starts;
      if (group(n - keep) > freshPage) {
        // Too tall to keep together (a huge total block): the lines flow, the totals follow.
        const end = fill(n);
        if (end.y + tail > this.limit) starts.add(n);
        return starts;
      }
      // The group opens a new page; the page it leaves must not keep a single line.
      if (n - keep - pageStart === 1 && group(n - keep - 1) <= freshPage) {
        keep += 1;
        continue;
      }
      starts.add(n - keep);
      return starts;
    }
  }

  private columnWidths(): number[] {
    const { doc, m, width } = this;
    const cols = m.columns;
    const weights = cols.map((c) => (c.width && c.width > 0 ? c.width : 1));
    const sum = weights.reduce((a, b) => a + b, 0);
    const widths = weights.map((w) => (w / sum) * width);
    // The width each unbreakable column needs at the floor size: widen it from the others when short.
    const need = cols.map((c, i) => {
      if (!c.nowrap) return 0;
      let widest = doc.font('Helvetica-Bold').fontSize(CELL_FLOOR).widthOfString(ansi(c.label));
      doc.font('Helvetica').fontSize(CELL_FLOOR);
      for (const line of m.lines) widest = Math.max(widest, doc.widthOfString(ansi(line[c.key] ?? '')));
      // Give room for the base size when the others can spare it; the floor is the least.
      const atBase = (widest * CELL_SIZE) / CELL_FLOOR;
      return { floor: widest + 2 * PAD_X + 1, base: atBase + 2 * PAD_X + 1 }[widths[i]! >= atBase ? 'base' : 'floor'];
    });
    const flexMin = cols.map((c) => (c.nowrap ? 0 : 40));
    const deficit = cols.reduce((total, _c, i) => total + Math.max(0, need[i]! - widths[i]!), 0);
    if (deficit > 0) {
      const slack = cols.map((c, i) => (c.nowrap ? 0 : Math.max(0, widths[i]! - flexMin[i]!)));
      const spare = slack.reduce((a, b) => a + b, 0);
      const take = Math.min(deficit, spare);
      cols.forEach((c, i) => {
        if (c.nowrap) widths[i]! += Math.max(0, need[i]! - widths[i]!) * (take / deficit);
        else if (spare > 0) widths[i]! -= slack[i]! * (take / spare);
      });
    }
    return widths;
  }

  /** A cell's text and font size: unbreakable texts shrink step by step until they fit, down to the floor. */
  private cell(raw: string, column: number, header: boolean): Cell {
    const text = ansi(raw);
    const col = this.m.columns[column]!;
    if (!col.nowrap) return { text, size: CELL_SIZE };
    const room = this.widths[column]! - 2 * PAD_X;
    this.doc.font(header ? 'Helvetica-Bold' : 'Helvetica');
    let size = CELL_SIZE;
    while (size > CELL_FLOOR && this.doc.fontSize(size).widthOfString(text) > room) size -= CELL_STEP;
    return { text, size };
  }

  private rowHeight(cells: Cell[], header: boolean): number {
    const { doc } = this;
    doc.font(header ? 'Helvetica-Bold' : 'Helvetica');
    let height = 0;
    cells.forEach((cell, i) => {
      doc.fontSize(cell.size);
      const h = this.m.columns[i]!.nowrap
        ? doc.currentLineHeight(true)
        : doc.heightOfString(cell.text || ' ', { width: this.widths[i]! - 2 * PAD_X });
      height = Math.max(height, h);
    });
    return height + 2 * PAD_Y;
  }

  private drawRow(cells: Cell[], y: number, height: number, header: boolean): number {
    const { doc, left, width } = this;
    if (header) doc.rect(left, y, width, height).fill(ACCENT);
    let x = left;
    cells.forEach((cell, i) => {
      const col = this.m.columns[i]!;
      const w = this.widths[i]!;
      doc
        .font(header ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(cell.size)
        .fillColor(header ? '#ffffff' : INK);
      const options = { width: w - 2 * PAD_X, align: col.align ?? 'left', lineBreak: !col.nowrap } as const;
      // A shrunk amount sits on the first line's baseline, as if it were written at the table's size.
      const offset = header ? 0 : (CELL_SIZE - cell.size) * 0.8;
      doc.text(cell.text, x + PAD_X, y + PAD_Y + offset, options);
      x += w;
    });
    if (!header) this.rule(y + height, RULE, 0.5);
    return y + height;
  }

  // ---- Totals and amount in words: kept with the last lines.
  private totalsLayout(): { labelWidth: number; valueWidth: number; rowHeights: number[] } {
    const { doc, m } = this;
    let valueWidth = 110;
    let labelWidth = 150;
    m.totals.forEach(([label, value], i) => {
      doc.font(this.strong(i, label) ? 'Helvetica-Bold' : 'Helvetica').fontSize(this.last(i) ? 10.5 : 9.5);
      valueWidth = Math.max(valueWidth, doc.widthOfString(ansi(value)) + 12);
      labelWidth = Math.max(labelWidth, doc.widthOfString(ansi(label)) + 12);
    });
    labelWidth = Math.min(labelWidth, this.width - valueWidth);
    return { labelWidth, valueWidth, rowHeights: m.totals.map((_t, i) => (this.last(i) ? 22 : 16)) };
  }

  private last(i: number): boolean {
    return i === this.m.totals.length - 1;
  }

  private strong(i: number, label: string): boolean {
    return this.last(i) || /^Total (TTC|en )/.test(label);
  }

  private wordsHeight(): number {
    if (!this.m.amountInWords) return 0;
    this.doc.font('Helvetica-Oblique').fontSize(9);
    return 10 + this.doc.heightOfString(ansi(this.m.amountInWords), { width: this.width });
  }

  private tailHeight(): number {
    const rows = this.totalsLayout().rowHeights.reduce((a, b) => a + b, 0);
    return 12 + rows + this.wordsHeight();
  }

  private afterTable(): void {
    const { doc, m, left, width } = this;
    const { labelWidth, valueWidth, rowHeights } = this.totalsLayout();
    const x = left + width - labelWidth - valueWidth;
    m.totals.forEach(([label, value], i) => {
      const y = doc.y;
      const h = rowHeights[i]!;
      if (this.last(i)) doc.rect(x, y, labelWidth + valueWidth, h).fill(BAND);
      const size = this.last(i) ? 10.5 : 9.5;
      doc
        .font(this.strong(i, label) ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(size)
        .fillColor(this.last(i) ? ACCENT : INK);
      const ty = y + (h - doc.currentLineHeight(true)) / 2;
      doc.text(ansi(label), x, ty, { width: labelWidth - 8, align: 'right', lineBreak: false });
      doc.text(ansi(value), x + labelWidth, ty, { width: valueWidth - 4, align: 'right', lineBreak: false });
      doc.y = y + h;
    });
    doc.x = left;
    if (m.amountInWords) {
      doc.y += 10;
      doc.font('Helvetica-Oblique').fontSize(9).fillColor(INK).text(ansi(m.amountInWords), left, doc.y, { width });
    }

    // Notes, bank details, signatures: each block moves to a new page whole when it does not fit.
    if (m.notes.length) {
      doc.y += 14;
      if (m.notesTitle) {
        this.ensure(30);
        doc.font('Helvetica-Bold').fontSize(9).fillColor(ACCENT).text(ansi(m.notesTitle), left, doc.y, { width });
        doc.y += 3;
      }
      doc.font('Helvetica').fontSize(9).fillColor(INK);
      for (const note of m.notes) {
        const text = ansi(note);
        this.ensure(doc.font('Helvetica').fontSize(9).heightOfString(text, { width }) + 3);
        doc.fillColor(INK).text(text, left, doc.y, { width });
        doc.y += 3;
      }
    }
    const bank = (m.company.bank ?? []).filter(Boolean);
    if (bank.length) {
      doc.y += 10;
      this.ensure(16 + bank.length * 12);
      doc.font('Helvetica-Bold').fontSize(9).fillColor(ACCENT).text('COORDONNÉES BANCAIRES', left, doc.y, { width });
      doc.y += 2;
      doc.font('Helvetica').fontSize(9).fillColor(INK);
      for (const line of bank) doc.text(ansi(line), left, doc.y, { width });
    }
    const boxes = [m.signature?.left, m.signature?.right];
    if (boxes.some(Boolean)) {
      doc.y += 16;
      this.ensure(78);
      const top = doc.y;
      const boxWidth = 220;
      boxes.forEach((caption, i) => {
        if (!caption) return;
        const bx = i === 0 ? left : left + width - boxWidth;
        doc.rect(bx, top, boxWidth, 72).lineWidth(0.5).strokeColor(RULE).stroke();
        doc
          .font('Helvetica')
          .fontSize(8.5)
          .fillColor(MUTED)
          .text(ansi(caption), bx + 8, top + 6, { width: boxWidth - 16 });
      });
      doc.x = left;
      doc.y = top + 78;
    }
  }

  // ---- Pages.
  private ensure(height: number): void {
    if (this.doc.y + height > this.limit) this.doc.y = this.newPage();
  }

  private continuationHeight(): number {
    return 24;
  }

  /** A new page headed by the company and the document's number; answers where content starts. */
  private newPage(): number {
    const { doc, m, left, width } = this;
    doc.addPage({ size: 'A4', margins: { ...MARGIN } });
    const top = MARGIN.top;
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(ACCENT)
      .text(ansi(m.company.name), left, top, { width: width / 2, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(ansi(`${m.title} N° ${m.number} (suite)`), left + width / 2, top, {
        width: width / 2,
        align: 'right',
        lineBreak: false,
      });
    this.rule(top + 14, RULE, 0.5);
    doc.y = top + this.continuationHeight();
    return doc.y;
  }

  private footers(): void {
    const { doc, m, left, width } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.height - MARGIN.bottom + 16;
      doc.page.margins.bottom = 0;
      this.rule(bottom - 6, RULE, 0.5);
      doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
      doc.text(ansi(m.footer), left, bottom, { width: width - 70 });
      doc.text(`Page ${i - range.start + 1} / ${range.count}`, left + width - 60, bottom, {
        width: 60,
        align: 'right',
        lineBreak: false,
      });
    }
  }

  private rule(y: number, color: string, lineWidth: number): void {
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(lineWidth)
      .strokeColor(color)
      .stroke();
  }
}
