import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { Product } from '../catalogue/entities/product.entity.js';
import { isSqlite } from '../common/transactions.js';
import { StockEntryFormDto } from '../stock/dto/stock-entry.dto.js';
import { StockEntry } from '../stock/entities/stock-entry.entity.js';
import { correctEntry, receiveEntry } from '../stock/entry-receipts.js';
import { columnsOf } from '../stock/stock-entries.service.js';
import type { SheetRow } from './import-files.js';
import {
  cellOf,
  checkWithForm,
  chunks,
  isoDay,
  refuseRepeatedKeys,
  requireEditRight,
  type ImportColumn,
  type ImportBatchResult,
  type ImportContext,
  type ImportKind,
  type PreparedRow,
} from './import-kind.js';

const COLUMNS: ImportColumn[] = [
  { header: 'Désignation', field: 'name', aliases: ['nom'], example: 'Arrivage conteneur 12' },
  { header: 'Référence produit', field: 'product_reference', aliases: ['reference'], example: 'GE-1020' },
  { header: 'Quantité', field: 'quantity', example: '10' },
  { header: 'Prix', field: 'price', example: '950000' },
  { header: 'Date de fabrication', field: 'manufacture_date', example: '2026-01-15' },
  { header: 'Date d’expiration', field: 'expiry_date', example: '' },
  { header: 'Date de facturation', field: 'billing_date', example: '' },
];

const plainDate = (value: string | Date | null) =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/**
 * Stock entries from a sheet. An entry is matched by its lot: the product's reference, the entry's
 * name and its manufacture date; a match updates the entry (its receipt corrected on the same lot), a
 * new one is received. The stock moves through the ledger exactly as the stock entry form moves it
 * (receiveEntry, correctEntry), and the rows are checked with that form's DTO. No image: entries
 * imported this way have none until one is added from the form.
 */
@Injectable()
export class StockImport implements ImportKind<StockEntryFormDto> {
  readonly kind = 'stock';
  readonly plural = 'entrées de stock';
  readonly fileName = 'entrees-stock';
  readonly category = 'stock' as const;
  readonly columns = COLUMNS;

  constructor(private readonly dataSource: DataSource) {}

  async prepare(
    sheet: SheetRow[],
    present: ReadonlySet<string>,
    context: ImportContext,
  ): Promise<PreparedRow<StockEntryFormDto>[]> {
    const cell = (row: SheetRow, field: string) => (present.has(field) ? cellOf(COLUMNS, row, field) : undefined);
    const references = [...new Set(sheet.map((row) => cell(row, 'product_reference') ?? '').filter(Boolean))];
    const products = new Map<string, number | 'ambiguous'>();
    for (const part of chunks(references))
      for (const product of await this.dataSource
        .getRepository(Product)
        .find({ select: { id: true, reference: true }, where: { reference: In(part) } }))
        products.set(product.reference, products.has(product.reference) ? 'ambiguous' : product.id);
    const names = [...new Set(sheet.map((row) => cell(row, 'name') ?? '').filter(Boolean))];
    const entries = new Map<string, StockEntry>();
    const lotKey = (productId: number | null, name: string, made: string | null) => `${productId ?? '-'}|${name}|${made}`;
    for (const part of chunks(names))
      for (const entry of await this.dataSource.getRepository(StockEntry).find({ where: { name: In(part) } }))
        entries.set(lotKey(entry.product_id, entry.name, plainDate(entry.manufacture_date)), entry);

    const prepared: PreparedRow<StockEntryFormDto>[] = [];
    for (const row of sheet) {
      const extra: Record<string, string[]> = {};
      const reference = cell(row, 'product_reference') ?? '';
      const productId = products.get(reference);
      if (reference && productId === undefined) extra.product_id = [`Le produit de référence « ${reference} » n’existe pas.`];
      if (productId === 'ambiguous') extra.product_id = [`Plusieurs produits ont la référence « ${reference} ».`];
      const expiry = cell(row, 'expiry_date');
      const plain: Record<string, unknown> = {
        name: cell(row, 'name'),
        price: cell(row, 'price'),
        quantity: cell(row, 'quantity'),
        manufacture_date: isoDay(cell(row, 'manufacture_date')),
        expiry_date: expiry && !/^non/i.test(expiry) ? isoDay(expiry) : undefined,
        billing_date: isoDay(cell(row, 'billing_date')) || undefined,
        product_id: typeof productId === 'number' ? String(productId) : '',
      };
      const checked = await checkWithForm(StockEntryFormDto, row.line, plain, extra);
      const id = typeof productId === 'number' ? productId : null;
      const current = checked.values
        ? (entries.get(lotKey(id, checked.values.name, checked.values.manufacture_date)) ?? null)
        : null;
      prepared.push({
        line: row.line,
        key: [reference, String(plain.name ?? ''), String(plain.manufacture_date ?? '')].filter(Boolean).join(' · '),
        label: String(plain.name ?? ''),
        existingId: current?.id ?? null,
        values: checked.values,
        errors: checked.errors,
      });
    }
    refuseRepeatedKeys(prepared, 'Le lot');
    requireEditRight(prepared, context, 'l’entrée');
    return prepared;
  }

  async apply(
    manager: EntityManager,
    rows: PreparedRow<StockEntryFormDto>[],
    context: ImportContext,
  ): Promise<ImportBatchResult> {
    const repository = manager.getRepository(StockEntry);
    for (const row of rows) {
      const form = row.values!;
      if (row.existingId === null) {
        const columns = columnsOf(form);
        const result = await repository.insert({ ...columns, image: null });
        await receiveEntry(manager, { ...(columns as Required<typeof columns>), id: Number(result.identifiers[0]!.id) });
        continue;
      }
      const id = row.existingId;
      // Locked (MySQL/MariaDB): the receipt corrected is the one the import replaces.
      const before = await repository.findOne({
        where: { id },
        ...(isSqlite(this.dataSource) ? {} : { lock: { mode: 'pessimistic_write' as const } }),
      });
      if (!before) continue;
      const columns = columnsOf(form, before);
      await repository.update(id, { ...columns, updated_by: context.userId });
      await correctEntry(manager, before, { ...(columns as Required<typeof columns>), id });
    }
    return { replaced: [], unchanged: 0 };
  }
}
