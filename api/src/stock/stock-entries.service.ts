import { applyListQuery } from '../common/list-order.js';
import { STOCK_ENTRY_LIST, type StockEntryListQueryDto } from './stock-entry-list.js';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { toMoney, type SubmittedForm } from '../common/forms.js';
import { pageByIds, pageOf, pageRequest, whereSearch } from '../common/listing.js';
import { explainUnappliedUpdate, withCurrentRecord } from '../common/versioning.js';
import type { StockEntryRow } from '../contract/backoffice.js';
import type { Paginated } from '../contract/staff.js';
import { notFound } from '../core/errors/api-error.js';
import type { SubmittedImages } from '../media/image-fields.js';
import { discardImage, imageVariants, saveWithImages } from '../media/image-variants.js';
import { STORAGE, type Storage } from '../media/storage/storage.js';
import type { StockEntryFormDto } from './dto/stock-entry.dto.js';
import { StockEntry } from './entities/stock-entry.entity.js';
import { insertAudited, removeAudited, updateAudited } from '../audit/audited-writes.js';
import { isSqlite, runTransaction } from '../common/transactions.js';
import { assertReceivable, correctEntry, receiveEntry, reverseEntry } from './entry-receipts.js';

export const STOCK_PAGE_SIZE = 8;
const NOT_FOUND = 'Entrée de stock introuvable.';

const plainDate = (value: string | Date | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

export function toStockEntryRow(entry: StockEntry): StockEntryRow {
  return {
    id: entry.id,
    name: entry.name,
    image: entry.image,
    image_variants: imageVariants(entry.image),
    price: entry.price,
    quantity: entry.quantity,
    manufacture_date: plainDate(entry.manufacture_date)!,
    expiry_date: plainDate(entry.expiry_date),
    expirable: Boolean(entry.expirable),
    billing_date: plainDate(entry.billing_date),
    product_id: entry.product_id ?? null,
    product_name: entry.product?.name ?? null,
    created_at: entry.created_at.toISOString(),
    updated_at: entry.updated_at.toISOString(),
    version: entry.version,
  };
}

/** The columns a valid form gives; a non-expirable entry keeps no expiry date. */
export function columnsOf(form: StockEntryFormDto, current?: StockEntry): Partial<StockEntry> {
  const expirable = form.expirable ?? form.expiry_date !== undefined;
  return {
    name: form.name,
    price: toMoney(form.price),
    quantity: form.quantity,
    manufacture_date: form.manufacture_date,
    expirable,
    expiry_date: expirable ? form.expiry_date! : null,
    billing_date: form.billing_date ?? current?.billing_date ?? null,
    product_id: form.product_id === undefined ? (current?.product_id ?? null) : form.product_id,
  };
}

/** Warehouse receipts ("Entrées"): independent of the catalogue, never on the public site. */
@Injectable()
export class StockEntriesService {
  constructor(
    @InjectRepository(StockEntry) private readonly entries: Repository<StockEntry>,
    @Inject(STORAGE) private readonly storage: Storage,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(query: StockEntryListQueryDto): Promise<Paginated<StockEntryRow>> {
    const request = pageRequest(query, STOCK_PAGE_SIZE);
    // The page's ids and the count on the entries alone; the product's name for the page's rows only.
    const ids = whereSearch(
      applyListQuery(this.entries.createQueryBuilder('entry'), query, STOCK_ENTRY_LIST),
      'entry',
      query.search,
    );
    const { rows, total } = await pageByIds(ids, { skip: request.skip, take: request.perPage }, (page) =>
      this.entries
        .createQueryBuilder('entry')
        .leftJoin('entry.product', 'product')
        .addSelect(['product.id', 'product.name'])
        .where('entry.id IN (:...page)', { page })
        .getMany(),
    );
    return pageOf(rows.map(toStockEntryRow), total, request);
  }

  async get(id: number): Promise<StockEntryRow> {
    const entry = await this.entries.findOne({ where: { id }, relations: { product: true } });
    if (!entry) throw notFound(NOT_FOUND);
    return toStockEntryRow(entry);
  }

  async create(submitted: SubmittedForm<StockEntryFormDto>, { images, errors }: SubmittedImages): Promise<StockEntryRow> {
    const form = submitted.valid(errors("L'image est requise."));
    const id = await saveWithImages(this.storage, 'stock', images, ([path]) =>
      runTransaction(this.dataSource, async (manager) => {
        const columns = columnsOf(form);
        if (columns.product_id) await assertReceivable(manager, columns.product_id);
        const result = await insertAudited(manager.getRepository(StockEntry), { ...columns, image: path ?? null });
        const entryId = Number(result.identifiers[0]!.id);
        await receiveEntry(manager, { ...(columns as Required<typeof columns>), id: entryId });
        return entryId;
      }),
    );
    return this.get(id);
  }

  async update(
    id: number,
    submitted: SubmittedForm<StockEntryFormDto>,
    { images, errors }: SubmittedImages,
    userId: number,
  ): Promise<StockEntryRow> {
    const existing = await this.entries.findOneBy({ id });
    if (!existing) throw notFound(NOT_FOUND);
    const form = submitted.valid(errors(existing.image ? undefined : "L'image est requise."));
    const version = submitted.version();
    await saveWithImages(this.storage, 'stock', images, ([path]) =>
      runTransaction(this.dataSource, async (manager) => {
        const repository = manager.getRepository(StockEntry);
        // Locked (MySQL/MariaDB): the receipt corrected is the one the save replaces.
        const before = await repository.findOne({
          where: { id },
          ...(isSqlite(this.dataSource) ? {} : { lock: { mode: 'pessimistic_write' as const } }),
        });
        const columns = columnsOf(form, existing);
        if (columns.product_id) await assertReceivable(manager, columns.product_id);
        const result = await updateAudited(
          repository,
          id,
          { ...columns, ...(path ? { image: path } : {}), updated_by: userId },
          version,
        );
        if (!result.affected || !before) await explainUnappliedUpdate(repository, id, NOT_FOUND, 'cette entrée');
        await correctEntry(manager, before!, { ...(columns as Required<typeof columns>), id });
      }),
    ).catch(withCurrentRecord(() => this.get(id)));
    if (images.length) await discardImage(this.storage, existing.image);
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    const entry = await this.entries.findOneBy({ id });
    if (!entry) throw notFound(NOT_FOUND);
    await runTransaction(this.dataSource, async (manager) => {
      const current = await manager.getRepository(StockEntry).findOneBy({ id });
      if (!current) throw notFound(NOT_FOUND);
      await reverseEntry(manager, current);
      const result = await removeAudited(manager.getRepository(StockEntry), id);
      if (!result.affected) throw notFound(NOT_FOUND);
    });
    await discardImage(this.storage, entry.image);
  }
}
