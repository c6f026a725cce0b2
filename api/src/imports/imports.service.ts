import { Inject, Injectable, Logger } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { runWithoutRowEntries } from '../audit/audit-context.js';
import { AuditService } from '../audit/audit.service.js';
import { runTransaction } from '../common/transactions.js';
import type { ImportPreview, ImportPreviewRow, ImportSummary } from '../contract/imports.js';
import { can, type StaffPrincipal } from '../core/access/permissions.js';
import { ApiError, ValidationFailed } from '../core/errors/api-error.js';
import { discardImage, saveWithImages } from '../media/image-variants.js';
import { STORAGE, type Storage } from '../media/storage/storage.js';
import { checkImage, type CheckedImage } from '../media/upload-policy.js';
import type { ExportFormat } from '../common/list-export.js';
import { CustomerImport } from './customer-import.js';
import { presentFields, type ImportContext, type ImportImages, type ImportKind, type PreparedRow } from './import-kind.js';
import { readSheet, type ImportFiles } from './import-files.js';
import { imageKey, readZipImages } from './import-images.js';
import { ImportPreviews, PREVIEW_TTL_MS } from './import-previews.js';
import { ProductImport } from './product-import.js';
import { StockImport } from './stock-import.js';

/** Rows written per transaction: a failure rolls back one batch, which is then applied row by row. */
export const IMPORT_BATCH = 500;
const PREVIEW_ERRORS_SHOWN = 500;
const PREVIEW_VALID_SHOWN = 100;

const EXPIRED = 'L’aperçu a expiré ou a déjà été appliqué : envoyez le fichier à nouveau.';

/**
 * The staff imports: a file read and every row checked (the preview, kept by token in the database), then the valid
 * rows written in batches, each batch one transaction, and one journal entry for the whole import
 * with its counts. What a row means is each kind's (products, clients, stock entries).
 */
@Injectable()
export class ImportsService {
  private readonly previews: ImportPreviews;
  private readonly logger = new Logger('Imports');
  private readonly kinds: Record<string, ImportKind<unknown>>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly audit: AuditService,
    products: ProductImport,
    customers: CustomerImport,
    stock: StockImport,
  ) {
    this.previews = new ImportPreviews(dataSource, storage);
    this.kinds = Object.fromEntries(
      [products, customers, stock].map((kind) => [kind.kind, kind as unknown as ImportKind<unknown>]),
    );
  }

  private kind(name: string): ImportKind<unknown> {
    return this.kinds[name]!;
  }

  private context(kind: ImportKind<unknown>, principal: StaffPrincipal): ImportContext {
    return { userId: principal.userId, canEdit: can(principal, kind.category, 'edit') };
  }

  /** Each image named by the sheet, checked by the upload policy (or the reason it was refused). */
  private async zipImages(zip: Buffer, wanted: Set<string>): Promise<ImportImages> {
    const images: ImportImages = new Map();
    for (const [key, buffer] of await readZipImages(zip, wanted)) {
      try {
        images.set(key, await checkImage({ buffer, size: buffer.length, originalname: key }, 'images'));
      } catch (error) {
        if (!(error instanceof ValidationFailed)) throw error;
        images.set(key, error.errors.images?.[0] ?? 'image refusée.');
      }
    }
    return images;
  }

  async preview(name: string, principal: StaffPrincipal, files: ImportFiles): Promise<ImportPreview> {
    const kind = this.kind(name);
    const sheet = await readSheet(files.sheet.buffer);
    const present = presentFields(kind.columns, sheet.headers);
    let images: ImportImages | null = null;
    if (files.zip && kind.imagesOf) {
      const named = new Set(
        sheet.rows.flatMap((row) =>
          (row.cells.images ?? '')
            .split(/[|;,\n]/)
            .map((n) => imageKey(n))
            .filter(Boolean),
        ),
      );
      images = await this.zipImages(files.zip, named);
    }
    const rows = await kind.prepare(sheet.rows, present, this.context(kind, principal), images);
    const valid = rows.filter((row) => row.errors.length === 0);
    const kept = new Map<string, CheckedImage>();
    for (const row of valid)
      for (const key of kind.imagesOf?.(row) ?? []) {
        const image = images?.get(key);
        if (image && typeof image !== 'string') kept.set(key, image);
      }
    const fileName = (files.sheet.name || 'fichier').slice(0, 200);
    const token = await this.previews.put({
      kind: kind.kind,
      userId: principal.userId,
      fileName,
      rows: valid,
      skipped: rows.length - valid.length,
      images: kept,
    });
    const shown = (row: PreparedRow<unknown>): ImportPreviewRow => ({
      line: row.line,
      key: row.key,
      label: row.label,
      action: row.errors.length ? 'error' : row.existingId === null ? 'create' : 'update',
      errors: row.errors,
    });
    const invalid = rows.filter((row) => row.errors.length > 0);
    return {
      token,
      expires_in: PREVIEW_TTL_MS / 1000,
      kind: kind.kind as ImportPreview['kind'],
      file_name: fileName,
      total: rows.length,
      creates: valid.filter((row) => row.existingId === null).length,
      updates: valid.filter((row) => row.existingId !== null).length,
      invalid: invalid.length,
      rows: [...invalid.slice(0, PREVIEW_ERRORS_SHOWN), ...valid.slice(0, PREVIEW_VALID_SHOWN)].map(shown),
    };
  }

  /** Stores a batch's images, then writes the batch in one transaction (its files removed if it fails). */
  private async writeBatch(
    kind: ImportKind<unknown>,
    rows: PreparedRow<unknown>[],
    context: ImportContext,
    images: Map<string, CheckedImage>,
  ) {
    const wanted = rows.map((row) => ({ line: row.line, images: (kind.imagesOf?.(row) ?? []).map((key) => images.get(key)!) }));
    return saveWithImages(
      this.storage,
      'products',
      wanted.flatMap((row) => row.images),
      async (stored) => {
        const paths = new Map<number, string[]>();
        let at = 0;
        for (const row of wanted) {
          paths.set(row.line, stored.slice(at, at + row.images.length));
          at += row.images.length;
        }
        // One journal entry for the whole import (apply), none per row.
        return runWithoutRowEntries(() =>
          runTransaction(this.dataSource, (manager) => kind.apply(manager, rows, context, paths)),
        );
      },
    );
  }

  async apply(name: string, principal: StaffPrincipal, token: string): Promise<ImportSummary> {
    const kind = this.kind(name);
    const preview = typeof token === 'string' ? await this.previews.take(token, kind.kind, principal.userId) : undefined;
    if (!preview) throw new ValidationFailed({ token: [EXPIRED] });
    const context = this.context(kind, principal);
    const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0, skipped: preview.skipped, failed: [] };
    const replaced: string[] = [];
    const count = (rows: PreparedRow<unknown>[], written: { replaced: string[]; unchanged: number }) => {
      for (const row of rows) {
        if (row.existingId === null) summary.created++;
        else summary.updated++;
      }
      summary.updated -= written.unchanged;
      summary.unchanged += written.unchanged;
      replaced.push(...written.replaced);
    };
    for (let at = 0; at < preview.rows.length; at += IMPORT_BATCH) {
      const batch = preview.rows.slice(at, at + IMPORT_BATCH);
      try {
        count(batch, await this.writeBatch(kind, batch, context, preview.images));
      } catch {
        // One row of the batch is refused (a product deleted, stock taken since the preview): the
        // others still go in, one transaction each, and the refused ones are reported.
        for (const row of batch) {
          try {
            count([row], await this.writeBatch(kind, [row], context, preview.images));
          } catch (error) {
            const message = error instanceof ApiError ? (error.getResponse() as { message?: string }).message : undefined;
            if (!message) this.logger.error(`Import ${kind.kind}, ligne ${row.line} : ${(error as Error).message}`);
            summary.failed.push({
              line: row.line,
              message: `Ligne ${row.line} : ${message ?? 'la ligne n’a pas pu être enregistrée.'}`,
            });
          }
        }
      }
    }
    for (const path of replaced) await discardImage(this.storage, path);
    await this.previews.discardFiles(token);
    await this.audit.record(null, {
      entity: 'import',
      entity_id: null,
      label: `Import de ${kind.plural} (${preview.fileName}) : ${summary.created} créé(s), ${summary.updated} mis à jour, ${summary.unchanged} inchangé(s), ${summary.failed.length} refusé(s)`,
      action: 'create',
      changes: {
        fichier: { before: null, after: preview.fileName },
        crees: { before: null, after: summary.created },
        mis_a_jour: { before: null, after: summary.updated },
        inchanges: { before: null, after: summary.unchanged },
        refuses: { before: null, after: summary.failed.length },
      },
    });
    await kind.afterApply?.(summary);
    return summary;
  }

  /** The empty sheet of a kind: its headers and one example row. */
  async template(name: string, format: ExportFormat): Promise<{ fileName: string; body: Buffer }> {
    const kind = this.kind(name);
    const headers = kind.columns.map((c) => c.header);
    const example = kind.columns.map((c) => c.example);
    if (format === 'csv')
      return {
        fileName: `modele-${kind.fileName}.csv`,
        body: Buffer.from(stringify([headers, example], { delimiter: ';', bom: true })),
      };
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(kind.plural.slice(0, 31));
    sheet.columns = kind.columns.map((c) => ({ header: c.header, width: Math.max(14, c.header.length + 4) }));
    sheet.getRow(1).font = { bold: true };
    sheet.addRow(example);
    return { fileName: `modele-${kind.fileName}.xlsx`, body: Buffer.from(await workbook.xlsx.writeBuffer()) };
  }
}
