import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { toMoney } from '../common/forms.js';
import { ProductCreateDto } from '../catalogue/dto/product.dto.js';
import { Brand } from '../catalogue/entities/brand.entity.js';
import { Category } from '../catalogue/entities/category.entity.js';
import { Currency } from '../exchange-rates/entities/currency.entity.js';
import { ProductImage } from '../catalogue/entities/product-image.entity.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { PRODUCT_IMAGES_COUNT_MESSAGE, PRODUCT_MAX_IMAGES, taxFields } from '../catalogue/products.service.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { PublishingService } from '../publishing/publishing.service.js';
import { StockMovement } from '../stock/entities/stock-movement.entity.js';
import { changeAvailable, movementRow } from '../stock/ledger/stock-ledger.js';
import { SEARCH_TEXT_LENGTH, searchTextOf } from '../common/search-text.js';
import type { SheetRow } from './import-files.js';
import { imageKey } from './import-images.js';
import { checkWithForm, chunks, lineMessage } from './import-kind.js';
import type { ImportBatchResult, ImportColumn, ImportContext, ImportImages, PreparedRow } from './import-kind.js';
import {
  AMBIGUOUS,
  lockedByIds,
  matchByKey,
  matched,
  MatchingImport,
  splitByMatch,
  type ReadRow,
  type RowCell,
} from './import-matching.js';

export interface ProductImportValues {
  form: ProductCreateDto;
  images: string[];
}

const COLUMNS: ImportColumn[] = [
  { header: 'Référence', field: 'reference', aliases: ['sku'], example: 'GE-1020' },
  { header: 'Désignation', field: 'name', aliases: ['nom'], example: 'Groupe électrogène 20 kVA' },
  { header: 'Catégorie', field: 'category', example: 'Groupes électrogènes' },
  { header: 'Marque', field: 'brand', example: 'Perkins' },
  { header: 'Devise', field: 'currency', example: 'XOF' },
  { header: 'Prix', field: 'price', example: '1250000' },
  { header: 'Stock', field: 'stock', aliases: ['quantite'], example: '12' },
  { header: 'Description', field: 'description', example: 'Groupe diesel insonorisé.' },
  { header: 'TVA (%)', field: 'tax_rate', aliases: ['tva'], example: '18' },
  { header: 'Mention d’exonération', field: 'tax_exemption', example: '' },
  { header: 'Seuil de stock bas', field: 'low_stock_threshold', example: '' },
  { header: 'Images', field: 'images', example: 'GE-1020.jpg' },
];

/** « 18 » or « 18,5 » (percent) → 1800 or 1850 basis points; anything else as written, for the DTO to refuse. */
function basisPoints(text: string): unknown {
  const compact = text.replace(/\s|%/g, '').replace(',', '.');
  if (compact === '') return '';
  return /^\d+(\.\d{1,2})?$/.test(compact) ? String(Math.round(Number(compact) * 100)) : text;
}

const lower = (text: string) => text.trim().toLowerCase();

interface ProductLookUps {
  categories: Map<string, number>;
  brands: Map<string, number>;
  currencies: Map<string, number>;
  existing: Map<string, Product | typeof AMBIGUOUS>;
}

/** Rows per multi-row INSERT (well under both databases' limits on placeholders). */
const ROWS_PER_INSERT = 200;
/** Rows per multi-row UPDATE: about 12 placeholders a row. */
const ROWS_PER_UPDATE = 200;

/** Whether the product already holds each of these column values (money and numbers compared as text). */
function sameColumns(current: Product, columns: Record<string, unknown>): boolean {
  const held = current as unknown as Record<string, unknown>;
  return Object.entries(columns).every(([key, value]) => String(held[key] ?? null) === String(value ?? null));
}

/**
 * Updates several products in one statement: each column set to `CASE id WHEN … THEN … END` (portable
 * to SQLite and MariaDB), the version raised and updated_at set by TypeORM, search_text computed here
 * (the subscriber that keeps it reads plain values, so listeners are off for this statement).
 */
async function updateMany(manager: EntityManager, rows: { id: number; columns: Record<string, unknown> }[]): Promise<void> {
  const parameters: Record<string, unknown> = {};
  const set: Record<string, () => string> = {};
  const names = Object.keys(rows[0]!.columns);
  const withSearch = rows.map(({ id, columns }) => ({
    id: Number(id),
    columns: {
      ...columns,
      search_text: searchTextOf([columns.name as string, columns.reference as string]).slice(0, SEARCH_TEXT_LENGTH),
    } as Record<string, unknown>,
  }));
  for (const [c, name] of [...names, 'search_text'].entries()) {
    const cases = withSearch.map(({ id, columns }, r) => {
      parameters[`u${c}_${r}`] = columns[name] ?? null;
      return `WHEN ${id} THEN :u${c}_${r}`;
    });
    set[name] = () => `CASE id ${cases.join(' ')} END`;
  }
  await manager
    .createQueryBuilder()
    .update(Product)
    .set(set)
    .where({ id: In(withSearch.map((row) => row.id)) })
    .setParameters(parameters)
    .callListeners(false)
    .updateEntity(false)
    .execute();
}

const NAMES = { kind: 'products', plural: 'produits', fileName: 'produits', category: 'shop' } as const;

/**
 * Products from a sheet, matched by reference: a reference already in the catalogue updates that
 * product (the columns the sheet lacks keep their value), a new one creates it. Checked with the
 * product form's DTO; the stock moves through the ledger as the product form moves it (`opening` on
 * creation, an `adjustment` when the quantity changes).
 */
@Injectable()
export class ProductImport extends MatchingImport<ProductImportValues, ProductLookUps> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly publishing: PublishingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(NAMES, COLUMNS, { key: 'La référence', record: 'le produit' });
  }

  private async named(entity: typeof Brand | typeof Category | typeof Currency, field: string): Promise<Map<string, number>> {
    const rows = await this.dataSource
      .getRepository<{ id: number }>(entity)
      .createQueryBuilder('t')
      .select(['t.id AS id', `t.${field} AS name`])
      .getRawMany<{ id: number; name: string }>();
    return new Map(rows.map((row) => [lower(String(row.name)), Number(row.id)]));
  }

  protected async lookUp(sheet: SheetRow[], cell: RowCell): Promise<ProductLookUps> {
    const [categories, brands, currencies] = await Promise.all([
      this.named(Category, 'designation'),
      this.named(Brand, 'name'),
      this.named(Currency, 'code'),
    ]);
    const existing = await matchByKey(
      sheet.map((row) => cell(row, 'reference') ?? ''),
      (part) => this.dataSource.getRepository(Product).find({ where: { reference: In(part) } }),
      (product) => product.reference,
    );
    return { categories, brands, currencies, existing };
  }

  protected async readRow(
    row: SheetRow,
    cell: (field: string) => string | undefined,
    { categories, brands, currencies, existing }: ProductLookUps,
    images: ImportImages | null,
  ): Promise<ReadRow<ProductImportValues>> {
    const reference = cell('reference') ?? '';
    const found = existing.get(reference);
    const current = matched(found);
    const extra: Record<string, string[]> = {};
    const plain: Record<string, unknown> = current
      ? {
          reference: current.reference,
          name: current.name,
          price: current.price,
          stock: String(current.stock),
          description: current.description,
          low_stock_threshold: current.low_stock_threshold === null ? '' : String(current.low_stock_threshold),
          tax_rate_bp: String(current.tax_rate_bp),
          tax_exemption: current.tax_exemption ?? '',
          brand_id: current.brand_id,
          category_id: current.category_id,
          currency_id: current.currency_id,
        }
      : {};
    for (const field of ['reference', 'name', 'price', 'stock', 'description', 'low_stock_threshold', 'tax_exemption']) {
      const value = cell(field);
      if (value !== undefined) plain[field] = value;
    }
    const rate = cell('tax_rate');
    if (rate !== undefined) plain.tax_rate_bp = basisPoints(rate);
    const refs: [string, string, Map<string, number>, string][] = [
      ['category', 'category_id', categories, 'La catégorie'],
      ['brand', 'brand_id', brands, 'La marque'],
      ['currency', 'currency_id', currencies, 'La devise'],
    ];
    for (const [field, key, known, what] of refs) {
      const value = cell(field);
      if (value === undefined) continue;
      const id = known.get(lower(value));
      if (value === '') plain[key] = '';
      else if (id === undefined) extra[key] = [`${what} « ${value} » n’existe pas.`];
      else plain[key] = String(id);
    }
    const checked = await checkWithForm(ProductCreateDto, row.line, plain, extra);
    const names = (cell('images') ?? '')
      .split(/[|;,\n]/)
      .map((name) => imageKey(name))
      .filter(Boolean);
    if (names.length > PRODUCT_MAX_IMAGES) checked.errors.push(lineMessage(row.line, PRODUCT_IMAGES_COUNT_MESSAGE));
    if (names.length && !images)
      checked.errors.push(
        lineMessage(row.line, 'Ajoutez le fichier ZIP contenant les images nommées dans la colonne « Images ».'),
      );
    for (const name of images ? names : []) {
      const image = images!.get(name);
      if (image === undefined) checked.errors.push(lineMessage(row.line, `L’image « ${name} » est absente du fichier ZIP.`));
      else if (typeof image === 'string')
        checked.errors.push(
          lineMessage(row.line, `L’image « ${name} » est refusée : ${image.charAt(0).toLowerCase()}${image.slice(1)}`),
        );
    }
    if (found === AMBIGUOUS)
      checked.errors.push(
        lineMessage(row.line, `Plusieurs produits ont déjà la référence « ${reference} » : corrigez-les d’abord.`),
      );
    return {
      key: reference,
      label: String(plain.name ?? ''),
      existingId: current?.id ?? null,
      values: checked.values ? { form: checked.values, images: names } : null,
      errors: checked.errors,
    };
  }

  imagesOf(row: PreparedRow<ProductImportValues>): string[] {
    return row.values?.images ?? [];
  }

  /**
   * New products in multi-row INSERTs with their stock, and their `opening` movements likewise (the
   * end state a product created from the form reaches: the stock and its movement); existing ones
   * locked together; those whose values did not change are left alone, the others updated by
   * multi-row UPDATEs (a new version each), a stock change recorded as the form's `adjustment`.
   */
  async apply(
    manager: EntityManager,
    rows: PreparedRow<ProductImportValues>[],
    context: ImportContext,
    paths: Map<number, string[]>,
  ): Promise<ImportBatchResult> {
    const replaced: string[] = [];
    const productImages = manager.getRepository(ProductImage);
    const columnsOf = (form: ProductCreateDto) => ({
      name: form.name,
      reference: form.reference,
      price: toMoney(form.price),
      description: form.description,
      low_stock_threshold: form.low_stock_threshold ?? null,
      brand_id: form.brand_id,
      category_id: form.category_id,
      currency_id: form.currency_id,
    });

    const { fresh, matching } = splitByMatch(rows);
    for (const part of chunks(fresh, ROWS_PER_INSERT))
      await manager
        .createQueryBuilder()
        .insert()
        .into(Product)
        .values(
          part.map(({ values }) => ({
            ...columnsOf(values!.form),
            stock: values!.form.stock,
            ...taxFields(values!.form, this.config.taxes.defaultRateBp),
          })),
        )
        .updateEntity(false)
        .execute();
    const ids = new Map<string, number>();
    for (const part of chunks(fresh.map((row) => row.values!.form.reference)))
      for (const { id, reference } of await manager
        .getRepository(Product)
        .find({ select: { id: true, reference: true }, where: { reference: In(part) }, order: { id: 'ASC' } }))
        ids.set(reference, id);
    const movements = fresh
      .filter(({ values }) => values!.form.stock > 0)
      .map(({ values }) => {
        const id = ids.get(values!.form.reference)!;
        return movementRow(
          id,
          'opening',
          { available: values!.form.stock, held: 0 },
          { comment: 'Stock initial importé', documentType: 'product', documentId: id },
          null,
        );
      });
    for (const part of chunks(movements, ROWS_PER_INSERT)) await manager.getRepository(StockMovement).insert(part);
    const images = fresh.flatMap((row) =>
      (paths.get(row.line) ?? []).map((image_path, position) => ({
        product_id: ids.get(row.values!.form.reference)!,
        image_path,
        position,
      })),
    );
    for (const part of chunks(images, ROWS_PER_INSERT)) await productImages.insert(part);

    // Locked first (MariaDB), so the stock each adjustment starts from is the one the import replaces.
    const before = await lockedByIds(
      manager,
      Product,
      matching.map((row) => row.existingId!),
    );
    const changed: { id: number; columns: Record<string, unknown> }[] = [];
    const stockChanges: { id: number; delta: number }[] = [];
    let unchanged = 0;
    for (const row of matching) {
      const form = row.values!.form;
      const id = row.existingId!;
      const current = before.get(id);
      if (!current) throw new Error(lineMessage(row.line, 'Le produit a été supprimé entre l’aperçu et l’import.'));
      const columns: Record<string, unknown> = {
        ...columnsOf(form),
        stock: form.stock,
        ...taxFields(form, current.tax_rate_bp, current.tax_exemption),
      };
      const stored = paths.get(row.line) ?? [];
      // A row that says what the product already holds is left alone: no write, no new version.
      if (!stored.length && sameColumns(current, columns)) {
        unchanged++;
        continue;
      }
      changed.push({ id, columns: { ...columns, updated_by: context.userId } });
      if (current.stock !== form.stock) stockChanges.push({ id, delta: form.stock - current.stock });
      if (stored.length) {
        const old = await productImages.find({ where: { product_id: id } });
        replaced.push(...old.map((image) => image.image_path));
        await productImages.delete({ product_id: id });
        await productImages.insert(stored.map((image_path, position) => ({ product_id: id, image_path, position })));
      }
    }
    for (const part of chunks(changed, ROWS_PER_UPDATE)) await updateMany(manager, part);
    // The stock columns are written above: only the movements remain.
    for (const { id, delta } of stockChanges)
      await changeAvailable(
        manager,
        id,
        'adjustment',
        delta,
        { reason: 'erreur_de_saisie', comment: 'Modifié par un import de produits', documentType: 'product', documentId: id },
        { columnsSet: true, consumeLots: true },
      );
    return { replaced, unchanged };
  }

  async afterApply({ created, updated }: { created: number; updated: number }): Promise<void> {
    if (created + updated === 0) return;
    await this.publishing.notifyChange('product.updated', `Import de produits : ${created} créés, ${updated} mis à jour`);
  }
}
