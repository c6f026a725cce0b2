import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { Product } from '../catalogue/entities/product.entity.js';
import { StockEntryFormDto } from '../stock/dto/stock-entry.dto.js';
import { StockEntry } from '../stock/entities/stock-entry.entity.js';
import { correctEntry, receiveEntry } from '../stock/entry-receipts.js';
import { columnsOf } from '../stock/stock-entries.service.js';
import type { SheetRow } from './import-files.js';
import { checkWithForm, isoDay } from './import-kind.js';
import type { ImportColumn, ImportBatchResult, ImportContext, PreparedRow } from './import-kind.js';
import { AMBIGUOUS, lockedByIds, matchByKey, matched, MatchingImport, type ReadRow, type RowCell } from './import-matching.js';

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

/** A lot: the product, the entry's name and its manufacture date. */
const lotKey = (productId: number | null, name: string, made: string | null) => `${productId ?? '-'}|${name}|${made}`;

interface StockLookUps {
  products: Map<string, Product | typeof AMBIGUOUS>;
  entries: Map<string, StockEntry | typeof AMBIGUOUS>;
}

const NAMES = { kind: 'stock', plural: 'entrées de stock', fileName: 'entrees-stock', category: 'stock' } as const;

/**
 * Stock entries from a sheet. An entry is matched by its lot: the product's reference, the entry's
 * name and its manufacture date; a match updates the entry (its receipt corrected on the same lot), a
 * new one is received. The stock moves through the ledger exactly as the stock entry form moves it
 * (receiveEntry, correctEntry), and the rows are checked with that form's DTO. No image: entries
 * imported this way have none until one is added from the form.
 */
@Injectable()
export class StockImport extends MatchingImport<StockEntryFormDto, StockLookUps> {
  constructor(private readonly dataSource: DataSource) {
    super(NAMES, COLUMNS, { key: 'Le lot', record: 'l’entrée' });
  }

  protected async lookUp(sheet: SheetRow[], cell: RowCell): Promise<StockLookUps> {
    const products = await matchByKey(
      sheet.map((row) => cell(row, 'product_reference') ?? ''),
      (part) =>
        this.dataSource.getRepository(Product).find({ select: { id: true, reference: true }, where: { reference: In(part) } }),
      (product) => product.reference,
    );
    // Entries of the sheet's names, told apart by the rest of their lot.
    const entries = await matchByKey(
      sheet.map((row) => cell(row, 'name') ?? ''),
      (part) => this.dataSource.getRepository(StockEntry).find({ where: { name: In(part) } }),
      (entry) => lotKey(entry.product_id, entry.name, plainDate(entry.manufacture_date)),
      'last',
    );
    return { products, entries };
  }

  protected async readRow(
    row: SheetRow,
    cell: (field: string) => string | undefined,
    { products, entries }: StockLookUps,
  ): Promise<ReadRow<StockEntryFormDto>> {
    const extra: Record<string, string[]> = {};
    const reference = cell('product_reference') ?? '';
    const product = products.get(reference);
    if (reference && product === undefined) extra.product_id = [`Le produit de référence « ${reference} » n’existe pas.`];
    if (product === AMBIGUOUS) extra.product_id = [`Plusieurs produits ont la référence « ${reference} ».`];
    const id = matched(product)?.id ?? null;
    const expiry = cell('expiry_date');
    const plain: Record<string, unknown> = {
      name: cell('name'),
      price: cell('price'),
      quantity: cell('quantity'),
      manufacture_date: isoDay(cell('manufacture_date')),
      expiry_date: expiry && !/^non/i.test(expiry) ? isoDay(expiry) : undefined,
      billing_date: isoDay(cell('billing_date')) || undefined,
      product_id: id === null ? '' : String(id),
    };
    const checked = await checkWithForm(StockEntryFormDto, row.line, plain, extra);
    const current = checked.values
      ? matched(entries.get(lotKey(id, checked.values.name, checked.values.manufacture_date)))
      : null;
    return {
      key: [reference, String(plain.name ?? ''), String(plain.manufacture_date ?? '')].filter(Boolean).join(' · '),
      label: String(plain.name ?? ''),
      existingId: current?.id ?? null,
      values: checked.values,
      errors: checked.errors,
    };
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
      const before = (await lockedByIds(manager, StockEntry, [id])).get(id);
      if (!before) continue;
      const columns = columnsOf(form, before);
      await repository.update(id, { ...columns, updated_by: context.userId });
      await correctEntry(manager, before, { ...(columns as Required<typeof columns>), id });
    }
    return { replaced: [], unchanged: 0 };
  }
}
