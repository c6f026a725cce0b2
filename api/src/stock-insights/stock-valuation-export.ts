import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { ValuationCurrency, ValuationFigures } from '../contract/stock-insights.js';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const HEADERS = ['Devise', 'Catégorie', 'Quantité en stock', 'Quantité sans coût connu', 'Valeur au coût', 'Valeur à la vente'];

interface Line {
  currency: string;
  category: string;
  figures: ValuationFigures;
}

/** One line per currency and category, then the currency's total ("Total"). */
function* lines(currencies: ValuationCurrency[]): Generator<Line> {
  for (const currency of currencies) {
    for (const category of currency.categories)
      yield { currency: currency.currency.code, category: category.category.designation, figures: category };
    yield { currency: currency.currency.code, category: 'Total', figures: currency };
  }
}

/** The valuation as CSV for a French spreadsheet: `;` between fields, decimal comma, UTF-8 with BOM. */
export async function writeValuationCsv(currencies: ValuationCurrency[], out: Writable): Promise<void> {
  const comma = (amount: string) => amount.replace('.', ',');
  const rows = Readable.from(
    (function* () {
      for (const line of lines(currencies))
        yield [
          line.currency,
          line.category,
          line.figures.on_hand,
          line.figures.quantity_without_cost,
          comma(line.figures.cost_value),
          comma(line.figures.sale_value),
        ];
    })(),
  );
  await pipeline(rows, stringify({ delimiter: ';', bom: true, header: true, columns: HEADERS }), out);
}

/** The valuation as an Excel workbook, written as it goes (exceljs' streaming writer). */
export async function writeValuationXlsx(currencies: ValuationCurrency[], out: Writable, at: Date): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  workbook.created = at;
  const sheet = workbook.addWorksheet('Valorisation du stock');
  sheet.columns = HEADERS.map((header, i) => ({ header, width: i < 2 ? 24 : 22, style: i >= 4 ? { numFmt: '#,##0.00' } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const line of lines(currencies)) {
    const row = sheet.addRow([
      line.currency,
      line.category,
      line.figures.on_hand,
      line.figures.quantity_without_cost,
      Number(line.figures.cost_value),
      Number(line.figures.sale_value),
    ]);
    if (line.category === 'Total') row.font = { bold: true };
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}
