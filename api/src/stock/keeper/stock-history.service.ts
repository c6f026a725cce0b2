import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { User } from '../../admins/entities/user.entity.js';
import { Product } from '../../catalogue/entities/product.entity.js';
import { pageRequest, paginate } from '../../common/listing.js';
import type { StockLevels, StockLotRow, StockMovementRow } from '../../contract/stock-ledger.js';
import type { Paginated } from '../../contract/staff.js';
import { notFound } from '../../core/errors/api-error.js';
import { StockEntry } from '../entities/stock-entry.entity.js';
import { StockLot } from '../entities/stock-lot.entity.js';
import { StockMovement } from '../entities/stock-movement.entity.js';
import { documentLabels, labelsOf as labels } from './document-labels.js';

export const MOVEMENTS_PAGE_SIZE = 20;
export const PRODUCT_NOT_FOUND = 'Produit introuvable.';

export const plainDay = (value: string | Date | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** Today in Lomé (UTC), 'YYYY-MM-DD': a lot whose expiry date is before it is expired. */
export const today = (): string => new Date().toISOString().slice(0, 10);

/** A product's movement history and lots, as the stock keeper reads them. */
@Injectable()
export class StockHistoryService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async assertProduct(productId: number): Promise<void> {
    if (!(await this.db.getRepository(Product).exists({ where: { id: productId } }))) throw notFound(PRODUCT_NOT_FOUND);
  }

  async movements(productId: number, query: { page?: number; per_page?: number }): Promise<Paginated<StockMovementRow>> {
    await this.assertProduct(productId);
    const request = pageRequest(query, MOVEMENTS_PAGE_SIZE);
    const page = await paginate(
      this.db
        .getRepository(StockMovement)
        .createQueryBuilder('movement')
        .where('movement.product_id = :productId', { productId })
        .orderBy('movement.id', 'DESC'),
      request,
    );
    const rows = page.data;
    const ofType = (type: string) =>
      rows.filter((r) => r.document_type === type && r.document_id !== null).map((r) => r.document_id!);
    const [orders, entries, deliveries, users] = await Promise.all([
      documentLabels(this.db, 'order', ofType('order')),
      labels(this.db, StockEntry, ofType('stock_entry'), (e) => `Entrée « ${e.name} »`),
      documentLabels(this.db, 'delivery', ofType('delivery')),
      labels(
        this.db,
        User,
        rows.filter((r) => r.user_id !== null).map((r) => r.user_id!),
        (u) => `${u.firstname} ${u.name}`.trim(),
      ),
    ]);
    const documentLabel = (row: StockMovement): string | null => {
      switch (row.document_type) {
        case 'order':
          return orders.get(row.document_id!) ?? 'Commande supprimée';
        case 'stock_entry':
          return entries.get(row.document_id!) ?? 'Entrée supprimée';
        case 'delivery':
          return deliveries.get(row.document_id!) ?? 'Livraison';
        case 'inventory_count':
          return 'Inventaire';
        case 'product':
          return 'Fiche produit';
        default:
          return null;
      }
    };
    return {
      ...page,
      data: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        available_delta: row.available_delta,
        held_delta: row.held_delta,
        reason: row.reason,
        comment: row.comment,
        document_type: row.document_type,
        document_id: row.document_id,
        document_label: documentLabel(row),
        lot_id: row.lot_id,
        user: row.user_id === null ? null : { id: row.user_id, name: users.get(row.user_id) ?? 'Compte supprimé' },
        created_at: row.created_at.toISOString(),
      })),
    };
  }

  /** The product's available, held and on-hand quantities (staff only: the public sees the available stock). */
  async levels(productId: number): Promise<StockLevels> {
    const product = await this.db
      .getRepository(Product)
      .findOne({ where: { id: productId }, select: { id: true, stock: true, held: true } });
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    return { stock: product.stock, held: product.held, on_hand: product.stock + product.held };
  }

  /** The product's lots, first-expiring first (no expiry last); only those with units left unless `all`. */
  async lots(productId: number, all: boolean): Promise<StockLotRow[]> {
    await this.assertProduct(productId);
    const qb = this.db
      .getRepository(StockLot)
      .createQueryBuilder('lot')
      .leftJoinAndSelect('lot.stock_entry', 'entry')
      .where('lot.product_id = :productId', { productId })
      .orderBy('CASE WHEN lot.expires_at IS NULL THEN 1 ELSE 0 END', 'ASC')
      .addOrderBy('lot.expires_at', 'ASC')
      .addOrderBy('lot.id', 'ASC');
    if (!all) qb.andWhere('lot.quantity_left > 0');
    const day = today();
    return (await qb.getMany()).map((lot) => {
      const expiry = plainDay(lot.expires_at);
      return {
        id: lot.id,
        stock_entry_id: lot.stock_entry_id,
        entry_name: lot.stock_entry?.name ?? null,
        quantity_received: lot.quantity_received,
        quantity_left: lot.quantity_left,
        expiry_date: expiry,
        manufacture_date: plainDay(lot.stock_entry?.manufacture_date ?? null),
        received_at: lot.created_at.toISOString(),
        expired: expiry !== null && expiry < day,
      };
    });
  }
}
