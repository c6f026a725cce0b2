import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { Product } from '../../catalogue/entities/product.entity.js';
import { runTransaction } from '../../common/transactions.js';
import { staleRecord } from '../../common/versioning.js';
import type { AuditChange } from '../../contract/audit.js';
import type { InventoryCountLine } from '../../contract/stock-ledger.js';
import { conflict, invalidField, notFound, ValidationFailed } from '../../core/errors/api-error.js';
import { StockLot } from '../entities/stock-lot.entity.js';
import { currentProduct } from '../../catalogue/current-product.js';
import { changeAvailable } from '../ledger/stock-ledger.js';
import { PRODUCT_NOT_FOUND, today } from './stock-history.service.js';
import type { AdjustmentDto, InventoryCountDto } from './stock-keeper.dto.js';

const plural = (n: number, word: string) => `${n} ${word}${Math.abs(n) > 1 ? 's' : ''}`;

/** A product's locked row, or the French 404. */
async function lockedProduct(manager: EntityManager, productId: number): Promise<Product> {
  const product = await currentProduct(manager, productId);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/**
 * The stock keeper's writes, each through the ledger (stock/ledger/stock-ledger.ts) in one
 * transaction with its audit entry: adjustments with a reason, the write-off of expired lots, and
 * inventory counts (previewed, then applied as `count` movements).
 */
@Injectable()
export class StockKeeperService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** An adjustment of the available quantity; a decrease takes from the named lot or first-expiring lots. */
  async adjust(productId: number, dto: AdjustmentDto): Promise<{ stock: number; held: number; version: number }> {
    return runTransaction(this.db, async (manager) => {
      const product = await lockedProduct(manager, productId);
      if (product.version !== dto.version) throw await staleRecord(manager, product, 'ce produit');
      const lotId = dto.lot_id ?? null;
      if (lotId !== null) {
        const lot = await manager.getRepository(StockLot).findOneBy({ id: lotId, product_id: productId });
        if (!lot) throw invalidField('lot_id', 'Ce lot n’appartient pas à ce produit.');
        if (dto.delta > 0) await manager.getRepository(StockLot).increment({ id: lotId }, 'quantity_left', dto.delta);
      }
      await changeAvailable(
        manager,
        productId,
        'adjustment',
        dto.delta,
        { reason: dto.reason, comment: dto.comment },
        { consumeLots: true, lotId },
      );
      const after = await lockedProduct(manager, productId);
      await this.audit.record(manager, {
        entity: 'product',
        entity_id: productId,
        label: product.name,
        action: 'update',
        changes: {
          stock: { before: product.stock, after: after.stock },
          ajustement: { before: null, after: `${dto.reason} : ${dto.comment}` },
        },
      });
      return { stock: after.stock, held: after.held, version: after.version };
    });
  }

  /**
   * One `peremption` adjustment per lot past its expiry date that still has units, for as many units as
   * are available (units held by orders stay until the order is delivered or released). Answers the
   * units written off.
   */
  async writeOffExpired(productId: number, comment: string | undefined): Promise<number> {
    return runTransaction(this.db, async (manager) => {
      const product = await lockedProduct(manager, productId);
      const lots = await manager
        .getRepository(StockLot)
        .createQueryBuilder('lot')
        .where('lot.product_id = :productId AND lot.quantity_left > 0 AND lot.expires_at < :today', {
          productId,
          today: today(),
        })
        .orderBy('lot.expires_at', 'ASC')
        .addOrderBy('lot.id', 'ASC')
        .getMany();
      let available = product.stock;
      let written = 0;
      for (const lot of lots) {
        const quantity = Math.min(lot.quantity_left, available);
        if (quantity <= 0) break;
        await changeAvailable(
          manager,
          productId,
          'adjustment',
          -quantity,
          { reason: 'peremption', comment: comment || `Lot périmé le ${String(lot.expires_at).slice(0, 10)}` },
          { consumeLots: true, lotId: lot.id },
        );
        available -= quantity;
        written += quantity;
      }
      if (written)
        await this.audit.record(manager, {
          entity: 'product',
          entity_id: productId,
          label: product.name,
          action: 'update',
          changes: {
            stock: { before: product.stock, after: product.stock - written },
            ajustement: { before: null, after: `peremption : ${plural(written, 'unité')} périmée(s) retirée(s)` },
          },
        });
      return written;
    });
  }

  /** The lines of a count as they stand now (nothing written). */
  async preview(dto: InventoryCountDto): Promise<InventoryCountLine[]> {
    return this.linesOf(this.db.manager, dto, false);
  }

  /**
   * Applies a count in one transaction: each line whose counted quantity differs from the on-hand one
   * becomes a `count` movement on the available quantity (a decrease takes from first-expiring lots).
   * A line counted below what orders hold is refused (409 naming the product), and nothing is applied.
   */
  async apply(dto: InventoryCountDto): Promise<{ applied: number; lines: InventoryCountLine[] }> {
    return runTransaction(this.db, async (manager) => {
      const lines = await this.linesOf(manager, dto, true);
      const changes: Record<string, AuditChange> = {};
      let applied = 0;
      for (const line of lines) {
        if (line.counted < line.held)
          throw conflict(
            `Inventaire refusé pour « ${line.name} » : ${plural(line.counted, 'unité')} comptée(s), mais ${plural(line.held, 'unité')} réservée(s) par des commandes.`,
          );
        if (line.difference === 0) continue;
        await changeAvailable(
          manager,
          line.product_id,
          'count',
          line.difference,
          { reason: 'inventaire', comment: dto.comment || null, documentType: 'inventory_count' },
          { consumeLots: true },
        );
        changes[`${line.name} (${line.product_id})`] = { before: line.on_hand, after: line.counted };
        applied++;
      }
      await this.audit.record(manager, {
        entity: 'inventory_count',
        entity_id: null,
        label: `Inventaire : ${plural(lines.length, 'produit')} compté(s), ${plural(applied, 'écart')}`,
        action: 'update',
        changes,
      });
      return { applied, lines };
    });
  }

  /** The count's lines in product id order, each product read (and locked, when applying) as it is now. */
  private async linesOf(manager: EntityManager, dto: InventoryCountDto, lock: boolean): Promise<InventoryCountLine[]> {
    const seen = new Set<number>();
    const errors: Record<string, string[]> = {};
    dto.counts.forEach((line, index) => {
      if (seen.has(line.product_id)) errors[`counts.${index}.product_id`] = ['Ce produit est compté deux fois.'];
      seen.add(line.product_id);
    });
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
    const sorted = [...dto.counts].sort((a, b) => a.product_id - b.product_id);
    const products = new Map<number, Product>();
    if (lock) {
      for (const line of sorted) {
        const product = await currentProduct(manager, line.product_id);
        if (product) products.set(product.id, product);
      }
    } else {
      for (const product of await manager.getRepository(Product).findBy({ id: In([...seen]) })) products.set(product.id, product);
    }
    dto.counts.forEach((line, index) => {
      if (!products.has(line.product_id)) errors[`counts.${index}.product_id`] = ['Ce produit n’existe pas.'];
    });
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
    return sorted.map((line) => {
      const product = products.get(line.product_id)!;
      const onHand = product.stock + product.held;
      return {
        product_id: product.id,
        name: product.name,
        reference: product.reference ?? null,
        stock: product.stock,
        held: product.held,
        on_hand: onHand,
        counted: line.counted,
        difference: line.counted - onHand,
      };
    });
  }
}
