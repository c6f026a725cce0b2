import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import type { SubmittedForm } from '../common/forms.js';
import { runTransaction } from '../common/transactions.js';
import { Brand } from '../catalogue/entities/brand.entity.js';
import { Category } from '../catalogue/entities/category.entity.js';
import { Currency } from '../exchange-rates/entities/currency.entity.js';
import { Product } from '../catalogue/entities/product.entity.js';
import type { ProductListQueryDto } from '../catalogue/product-list.js';
import { ProductsService } from '../catalogue/products.service.js';
import { PublicCatalogueService } from '../catalogue/public-catalogue.service.js';
import type { BulkAnswer } from '../contract/bulk.js';
import { can, type StaffPrincipal } from '../core/access/permissions.js';
import type { FieldErrors } from '../core/errors/api-error.js';
import { PublishingService } from '../publishing/publishing.service.js';
import { formatPrice } from '../shared/money.js';
import {
  BULK_UNDO_SECONDS,
  bulkAnswer,
  bulkDelete,
  chunks,
  eachRow,
  recordOperation,
  recordUndo,
  selectedIds,
  selectionErrors,
  undoableOperation,
  type RowChange,
} from './bulk-operation.js';
import { changedPrice } from './price-change.js';
import type { ProductBulkDto } from './product-bulk.dto.js';

interface ProductRow {
  id: number;
  label: string;
  price: string;
  code: string;
  currency_id: number;
  category_id: number;
  brand_id: number;
  in_spotlight: boolean;
  version: number;
}

/** The fields a bulk action on products may set, and so put back. */
type ProductFields = Partial<Pick<Product, 'price' | 'category_id' | 'brand_id' | 'in_spotlight'>>;

export const CHANGED_SINCE = 'Modifié par quelqu’un d’autre entre-temps : laissé tel quel.';

/**
 * Bulk actions on products. Each row passes the single action's right (the route's policy is
 * shop.edit; a deletion needs shop.delete, as DELETE /api/product/{id} does) and its rules: a deletion
 * goes through ProductsService.delete (order lines keep their copy, images and sheets go); a field
 * change is one conditional update on the version the row was read with, which also bumps it, so an
 * open product form gets the usual conflict.
 */
@Injectable()
export class ProductBulk {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalogue: PublicCatalogueService,
    private readonly products: ProductsService,
    private readonly audit: AuditService,
    private readonly publishing: PublishingService,
  ) {}

  async apply(
    principal: StaffPrincipal,
    submitted: SubmittedForm<ProductBulkDto>,
    filter: ProductListQueryDto,
  ): Promise<BulkAnswer> {
    const form = submitted.valid({ ...selectionErrors(submitted.fields), ...(await this.referenceErrors(submitted.fields)) });
    const ids = await selectedIds(form, (page, per_page) => this.catalogue.list({ ...filter, page, per_page }));
    const right = form.action === 'delete' ? 'delete' : 'edit';
    const denied = can(principal, 'shop', right)
      ? null
      : right === 'delete'
        ? 'Vous n’avez pas le droit de supprimer des produits.'
        : 'Vous n’avez pas le droit de modifier des produits.';
    const rows = await this.rows(this.dataSource.manager, ids);

    if (form.action === 'delete')
      return bulkDelete({
        audit: this.audit,
        manager: this.dataSource.manager,
        entity: 'product',
        noun: 'produit(s)',
        ids,
        rows,
        denied,
        remove: (row) => this.products.delete(row.id),
        before: (row) => ({ name: row.label, price: row.price }),
      });

    const amountCode = form.currency_id
      ? (await this.dataSource.getRepository(Currency).findOneBy({ id: form.currency_id }))?.code
      : undefined;
    const next = (row: ProductRow): ProductFields | string | null => {
      switch (form.action) {
        case 'category':
          return row.category_id === form.category_id ? null : { category_id: form.category_id };
        case 'brand':
          return row.brand_id === form.brand_id ? null : { brand_id: form.brand_id };
        case 'spotlight':
          return row.in_spotlight === form.in_spotlight ? null : { in_spotlight: form.in_spotlight };
        default: {
          if (form.price_mode === 'amount' && row.currency_id !== form.currency_id) {
            return `Prix en ${row.code} : le montant est en ${amountCode ?? '?'}.`;
          }
          const outcome = changedPrice(row.price, row.code, {
            mode: form.price_mode!,
            value: form.price_value!,
            rounding: form.price_rounding!,
          });
          if (!outcome.ok) return outcome.reason;
          return outcome.price === normalisedPrice(row.price) ? null : { price: outcome.price };
        }
      }
    };
    const result = await runTransaction(this.dataSource, async (manager) => {
      const fresh = await this.rows(manager, ids);
      const outcome = await eachRow(ids, fresh, async (row) => {
        if (denied) return denied;
        const values = next(row);
        if (!values || typeof values === 'string') return values;
        return this.write(manager, row, values, principal.userId);
      });
      const operationId = outcome.done.length
        ? await recordOperation(
            this.audit,
            manager,
            'product',
            describe(form, outcome.done.length),
            { action: form.action, undoable: true },
            outcome.done,
          )
        : null;
      return { outcome, operationId };
    });
    if (result.outcome.done.length) {
      await this.publishing.notifyChange('product.updated', describe(form, result.outcome.done.length));
    }
    return bulkAnswer(result.outcome, result.operationId, new Date(Date.now() + BULK_UNDO_SECONDS * 1000));
  }

  /** « Annuler »: each row the operation changed gets its previous values back, unless it changed since. */
  async undo(principal: StaffPrincipal, operationId: number): Promise<BulkAnswer> {
    const outcome = await runTransaction(this.dataSource, async (manager) => {
      const operation = await undoableOperation(manager, 'product', operationId, principal.userId, BULK_UNDO_SECONDS);
      const rows = await this.rows(
        manager,
        operation.rows.map((row) => row.id),
      );
      const recorded = new Map(operation.rows.map((row) => [row.id, row]));
      const result = await eachRow(
        operation.rows.map((row) => row.id),
        rows,
        async (row) => {
          const { before, after } = recorded.get(row.id)!;
          if (row.version !== after.version) return CHANGED_SINCE;
          const { version: _version, ...values } = before;
          return this.write(manager, row, values as ProductFields, principal.userId);
        },
      );
      await recordUndo(
        this.audit,
        manager,
        'product',
        operationId,
        `Annulation : ${result.done.length} produit(s) rétabli(s)`,
        result.done,
      );
      return result;
    });
    if (outcome.done.length) {
      await this.publishing.notifyChange(
        'product.updated',
        `Action groupée annulée : ${outcome.done.length} produit(s) rétabli(s)`,
      );
    }
    return bulkAnswer(outcome, null, null, 'rétabli');
  }

  /** One row's fields set on the version it was read with (the update bumps it); a string when it moved. */
  private async write(
    manager: EntityManager,
    row: ProductRow,
    values: ProductFields,
    userId: number,
  ): Promise<RowChange | string> {
    const result = await manager
      .createQueryBuilder()
      .update(Product)
      .set({ ...values, updated_by: userId })
      .where('id = :id AND version = :version', { id: row.id, version: row.version })
      .execute();
    if (!result.affected) return CHANGED_SINCE;
    const before = Object.fromEntries(Object.keys(values).map((key) => [key, row[key as keyof ProductRow]]));
    return { before: { ...before, version: row.version }, after: { ...values, version: row.version + 1 } };
  }

  private async rows(manager: EntityManager, ids: number[]): Promise<ProductRow[]> {
    const rows: ProductRow[] = [];
    for (const part of chunks(ids)) {
      const found = await manager.getRepository(Product).find({ where: { id: In(part) }, relations: { currency: true } });
      for (const p of found) {
        rows.push({
          id: p.id,
          label: `${p.name} (${p.reference})`,
          price: p.price,
          code: p.currency?.code ?? '',
          currency_id: p.currency_id,
          category_id: p.category_id,
          brand_id: p.brand_id,
          in_spotlight: Boolean(p.in_spotlight),
          version: p.version,
        });
      }
    }
    return rows;
  }

  /** 422 for a category, brand or currency that names nothing (the product form's messages). */
  private async referenceErrors(fields: Partial<ProductBulkDto>): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    const manager = this.dataSource.manager;
    if (fields.action === 'category' && typeof fields.category_id === 'number') {
      if (!(await manager.getRepository(Category).existsBy({ id: fields.category_id }))) {
        errors.category_id = ['La catégorie sélectionnée n’existe pas.'];
      }
    }
    if (fields.action === 'brand' && typeof fields.brand_id === 'number') {
      if (!(await manager.getRepository(Brand).existsBy({ id: fields.brand_id }))) {
        errors.brand_id = ['La marque sélectionnée n’existe pas.'];
      }
    }
    if (fields.action === 'price' && fields.price_mode === 'amount' && typeof fields.currency_id === 'number') {
      if (!(await manager.getRepository(Currency).existsBy({ id: fields.currency_id }))) {
        errors.currency_id = ['La devise sélectionnée n’existe pas.'];
      }
    }
    if (fields.action === 'price' && fields.price_mode === 'percent' && /^-(\d{3,}|100)/.test(fields.price_value ?? '')) {
      errors.price_value = ['Une baisse de 100 % ou plus rendrait les prix nuls.'];
    }
    return errors;
  }
}

/** "1250" and "1250.00" are the same price. */
function normalisedPrice(price: string): string {
  const [units, cents = ''] = price.split('.');
  return `${units}.${cents.padEnd(2, '0').slice(0, 2)}`;
}

/** The journal label of an operation on `count` products. */
function describe(form: ProductBulkDto, count: number): string {
  const what = `${count} produit${count > 1 ? 's' : ''}`;
  switch (form.action) {
    case 'category':
      return `${what} : catégorie changée`;
    case 'brand':
      return `${what} : marque changée`;
    case 'spotlight':
      return `${what} : ${form.in_spotlight ? 'ajoutés aux populaires' : 'retirés des populaires'}`;
    default: {
      const value = form.price_mode === 'percent' ? `${form.price_value} %` : formatPrice(form.price_value!);
      return `${what} : prix ${value.startsWith('-') ? '' : '+'}${value}, arrondi à ${form.price_rounding}`;
    }
  }
}
