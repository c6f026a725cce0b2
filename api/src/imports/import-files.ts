import { Injectable, mixin, type CallHandler, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Request, Response } from 'express';
import multer from 'multer';
import { ApiError, ValidationFailed } from '../core/errors/api-error.js';

/**
 * The files of an import: the sheet (`file`, CSV or XLSX) and, for products, a ZIP of images
 * (`images`). Both are kept in memory, bounded; their type is read from their content, never from
 * their name or the browser's Content-Type.
 */
export const SHEET_MAX_BYTES = 20 * 1024 * 1024;
export const ZIP_MAX_BYTES = 100 * 1024 * 1024;
/** More rows than this is refused at the preview: the preview keeps them all in memory. */
export const IMPORT_MAX_ROWS = 50_000;

export const FILE_MESSAGES = {
  required: 'Choisissez un fichier CSV ou Excel (.xlsx).',
  type: 'Le fichier doit être un CSV (UTF-8) ou un classeur Excel (.xlsx).',
  size: 'Le fichier dépasse la taille autorisée (20 Mo pour la feuille, 100 Mo pour le ZIP d’images).',
  zipType: 'Les images doivent être envoyées dans un fichier ZIP.',
  encoding: 'Le CSV doit être encodé en UTF-8 (enregistrez-le en « CSV UTF-8 »).',
  empty: 'Le fichier ne contient aucune ligne de données.',
  tooMany: `Le fichier contient trop de lignes (au plus ${IMPORT_MAX_ROWS.toLocaleString('fr-FR')}).`,
  unreadable: 'Le fichier n’a pas pu être lu : vérifiez qu’il s’agit bien d’un CSV ou d’un classeur Excel.',
  unexpected: "Ce fichier n'est pas attendu.",
};

/** One row of the sheet: its line number in the file (the header is line 1) and its cells by header. */
export interface SheetRow {
  line: number;
  cells: Record<string, string>;
}

export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

const isZip = (buffer: Buffer) => buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50;

/** Parses the sheet and the optional ZIP (multipart) before the handler; refusals are 422 on the field. */
export function ImportUploadInterceptor(): Type<NestInterceptor> {
  const upload = multer({
    storage: multer.memoryStorage(),
    defParamCharset: 'utf8',
    limits: { fileSize: ZIP_MAX_BYTES, files: 2, fields: 10, parts: 12, fieldSize: 64 * 1024 },
  }).fields([
    { name: 'file', maxCount: 1 },
    { name: 'images', maxCount: 1 },
  ]);

  @Injectable()
  class ImportUpload implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler) {
      const http = context.switchToHttp();
      const req = http.getRequest<Request>();
      const res = http.getResponse<Response>();
      await new Promise<void>((resolve, reject) =>
        upload(req, res, (error: unknown) => {
          if (!error) return resolve();
          const e = error as { name?: string; code?: string; field?: string };
          if (e.name !== 'MulterError') return reject(new ApiError(400, 'Le formulaire envoyé est invalide.'));
          if (e.code === 'LIMIT_FILE_SIZE') return reject(new ValidationFailed({ [e.field ?? 'file']: [FILE_MESSAGES.size] }));
          reject(new ValidationFailed({ [e.field ?? 'file']: [FILE_MESSAGES.unexpected] }));
        }),
      );
      return next.handle();
    }
  }
  return mixin(ImportUpload);
}

/** What an import preview reads: the sheet's bytes and name, and the pictures' ZIP when one came. */
export interface ImportFiles {
  sheet: { name: string; buffer: Buffer };
  zip: Buffer | null;
}

/** The uploaded sheet and ZIP, sizes and types checked (422 otherwise), without multer's types. */
export function uploadedFiles(req: Request): ImportFiles {
  const files = (req.files ?? {}) as Record<string, Express.Multer.File[] | undefined>;
  const sheet = files.file?.[0];
  if (!sheet || sheet.size === 0) throw new ValidationFailed({ file: [FILE_MESSAGES.required] });
  if (sheet.size > SHEET_MAX_BYTES) throw new ValidationFailed({ file: [FILE_MESSAGES.size] });
  const zip = files.images?.[0];
  if (zip && !isZip(zip.buffer)) throw new ValidationFailed({ images: [FILE_MESSAGES.zipType] });
  return { sheet: { name: sheet.originalname, buffer: sheet.buffer }, zip: zip?.buffer ?? null };
}

/** « Prix (FCFA) » → « prix fcfa »: headers compared without case, accents or punctuation. */
export const headerKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

function toSheet(table: string[][], firstLine = 1): Sheet {
  const [header, ...data] = table;
  if (!header) throw new ValidationFailed({ file: [FILE_MESSAGES.empty] });
  const headers = header.map((h) => headerKey(h));
  const rows: SheetRow[] = [];
  data.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const row: Record<string, string> = {};
    headers.forEach((h, i) => {
      if (h) row[h] = (cells[i] ?? '').trim();
    });
    rows.push({ line: firstLine + index + 1, cells: row });
  });
  if (!rows.length) throw new ValidationFailed({ file: [FILE_MESSAGES.empty] });
  if (rows.length > IMPORT_MAX_ROWS) throw new ValidationFailed({ file: [FILE_MESSAGES.tooMany] });
  return { headers, rows };
}

/** The CSV's separator: the one of « ; » and « , » the header line holds more of. */
function delimiterOf(text: string): ';' | ',' {
  const header = text.slice(0, text.indexOf('\n') >= 0 ? text.indexOf('\n') : text.length);
  return (header.match(/;/g)?.length ?? 0) >= (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

function readCsv(buffer: Buffer): Sheet {
  if (buffer.includes(0)) throw new ValidationFailed({ file: [FILE_MESSAGES.type] });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw new ValidationFailed({ file: [FILE_MESSAGES.encoding] });
  }
  text = text.replace(/^\uFEFF/, '');
  try {
    const table = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
    }) as string[][];
    return toSheet(table);
  } catch (error) {
    if (error instanceof ValidationFailed) throw error;
    throw new ValidationFailed({ file: [`${FILE_MESSAGES.unreadable} (${(error as Error).message})`] });
  }
}

async function readXlsx(buffer: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new ValidationFailed({ file: [FILE_MESSAGES.unreadable] });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ValidationFailed({ file: [FILE_MESSAGES.empty] });
  const table: string[][] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let i = 1; i <= width; i++) cells.push(cellText(row.getCell(i).value));
    table.push(cells);
  });
  return toSheet(table);
}

/** The sheet's rows: a ZIP container is read as a workbook, anything else as UTF-8 CSV. */
export async function readSheet(buffer: Buffer): Promise<Sheet> {
  return isZip(buffer) ? readXlsx(buffer) : readCsv(buffer);
}
