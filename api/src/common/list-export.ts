import { applyDecorators, Logger } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Paginated } from '../contract/staff.js';
import { keysetReading, MAX_PER_PAGE, type KeysetCursor } from './listing.js';
import { ApiList, type ListDocumentation } from './list-order.js';

/**
 * Every staff list as a file: `GET /api/<list>/export?format=csv|xlsx&<the list's search, filters
 * and sort>`. The rows are read with the list's own page query (the same DTO, filters and order as
 * the list route, so the file is the list), a page of MAX_PER_PAGE rows at a time, each page written
 * before the next is read: the memory holds one page, whatever the number of rows. Pages follow one
 * another by keyset (see listRows), not by OFFSET.
 *
 * Money: raw decimals, never the display format. In the CSV a decimal comma without thousands
 * separator (« 1234,50 », what French Excel reads as a number), in the workbook a number with a
 * `#,##0.00` format; the currency has its own column. A formatted amount (« 1 234,50 FCFA ») would be
 * text in a spreadsheet, which can then neither add nor sort it.
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export type ExportCell = string | number | boolean | Date | null;

export interface ExportColumn<T> {
  /** The column's title, in French. */
  header: string;
  value: (row: T) => ExportCell;
  /** `money`: a decimal string written as a number (see above); `date`: a day and time. */
  kind?: 'text' | 'number' | 'money' | 'date';
  width?: number;
}

/** The `format` parameter, added to a list's query DTO (`class XExportQueryDto extends XListQueryDto`). */
export function ExportFormatField(): PropertyDecorator {
  return IsIn(EXPORT_FORMATS, { message: 'Le format doit être « csv » ou « xlsx ».' });
}

/** OpenAPI of an export route: the list's parameters (paging ignored) and `format`. */
export function ApiListExport(definition: ListDocumentation, what: string, searchDescription?: string) {
  return applyDecorators(
    ApiOperation({
      summary: `${what} en CSV (séparateur « ; », UTF-8 avec BOM) ou Excel, filtrés et triés comme la liste (page et per_page ignorés).`,
    }),
    ApiProduces(CONTENT_TYPES.csv, CONTENT_TYPES.xlsx),
    ApiList(definition, searchDescription),
    ApiQuery({ name: 'format', required: true, enum: [...EXPORT_FORMATS], description: 'csv ou xlsx.' }),
  );
}

/**
 * The rows of a list, page after page of the list's own query, until a page comes back short. Each
 * page is read after the previous one's last row (keyset: the sort key and the id, see
 * listing.ts's keysetReading), never with an OFFSET, and without counting: the 1,000th page costs
 * what the first does. A list whose query does not take the cursor is read by page numbers.
 */
export async function* listRows<T>(page: (page: number, perPage: number) => Promise<Paginated<T>>): AsyncGenerator<T> {
  const cursor: KeysetCursor = { after: null, used: false };
  for (;;) {
    const answer = await keysetReading.run(cursor, () => page(1, MAX_PER_PAGE));
    yield* answer.data;
    if (answer.data.length < MAX_PER_PAGE) return;
    if (!cursor.used) break;
  }
  for (let n = 2; ; n++) {
    const answer = await page(n, MAX_PER_PAGE);
    yield* answer.data;
    if (answer.data.length < MAX_PER_PAGE) return;
  }
}

/** « 1234.5 » → « 1234,5 »: the decimal comma of a French spreadsheet. */
const decimalComma = (value: string) => value.replace('.', ',');

function csvCell<T>(column: ExportColumn<T>, row: T): string | number {
  const value = column.value(row);
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (value instanceof Date) return value.toISOString().replace('T', ' ').slice(0, 19);
  if (column.kind === 'money') return decimalComma(String(value));
  if (column.kind === 'date') return String(value).replace('T', ' ').slice(0, 19);
  return value;
}

function xlsxCell<T>(column: ExportColumn<T>, row: T): ExcelJS.CellValue {
  const value = column.value(row);
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (column.kind === 'money' || column.kind === 'number') return Number(value);
  if (column.kind === 'date') return value instanceof Date ? value : new Date(String(value));
  return value;
}

/** Writes, waiting when the response's buffer is full (the client reads slower than the database). */
async function write(out: Writable, chunk: string | Buffer): Promise<void> {
  if (!out.write(chunk)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
}

async function writeCsv<T>(rows: AsyncIterable<T>, columns: ExportColumn<T>[], out: Writable): Promise<number> {
  const csv = stringify({ delimiter: ';', bom: true, header: true, columns: columns.map((c) => c.header) });
  let count = 0;
  const piped = (async () => {
    for await (const chunk of csv) await write(out, chunk as Buffer);
  })();
  for await (const row of rows) {
    if (out.destroyed) break;
    if (!csv.write(columns.map((column) => csvCell(column, row)))) await once(csv, 'drain');
    count++;
  }
  csv.end();
  await piped;
  return count;
}

async function writeXlsx<T>(
  rows: AsyncIterable<T>,
  columns: ExportColumn<T>[],
  out: Writable,
  sheetName: string,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width ?? (column.kind === 'money' || column.kind === 'number' ? 14 : column.kind === 'date' ? 20 : 24),
    style: column.kind === 'money' ? { numFmt: '#,##0.00' } : column.kind === 'date' ? { numFmt: 'dd/mm/yyyy hh:mm' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const row of rows) {
    if (out.destroyed) break;
    sheet.addRow(columns.map((column) => xlsxCell(column, row))).commit();
    count++;
    // The workbook's zip is piped to the response: a slow client pauses the reading, as for the CSV.
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

const logger = new Logger('ListExport');

/**
 * Answers the file: headers, then the rows as they are read. A failure once the first bytes are
 * sent can no longer be a JSON error: it is logged and the response ends (the download is cut short,
 * the process goes on).
 */
export async function sendListExport<T>(
  res: Response,
  file: { name: string; format: ExportFormat; sheet: string; columns: ExportColumn<T>[]; rows: AsyncIterable<T> },
): Promise<void> {
  // The first page is read before any header: a bad sort or filter is still the list's 422.
  const iterator = file.rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const rows: AsyncIterable<T> = {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    },
  };
  const day = new Date().toISOString().slice(0, 10);
  res.status(200);
  res.setHeader('Content-Type', CONTENT_TYPES[file.format]);
  res.setHeader('Content-Disposition', `attachment; filename="${file.name}-${day}.${file.format}"`);
  res.setHeader('Cache-Control', 'no-store');
  try {
    if (file.format === 'csv') await writeCsv(rows, file.columns, res);
    else await writeXlsx(rows, file.columns, res, file.sheet);
    if (!res.writableEnded) res.end();
  } catch (error) {
    logger.error(`Export ${file.name}.${file.format} interrompu : ${(error as Error).message}`, (error as Error).stack);
    if (!res.headersSent) {
      res.removeHeader('Content-Disposition');
      res.status(500).json({ message: 'L’export a échoué.', errors: {} });
    } else res.destroy();
  }
}
