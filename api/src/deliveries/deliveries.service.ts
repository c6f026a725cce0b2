import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { User } from '../admins/entities/user.entity.js';
import { diffOf } from '../audit/audit-diff.js';
import { AuditService } from '../audit/audit.service.js';
import { staleRecord } from '../common/versioning.js';
import { runTransaction } from '../common/transactions.js';
import type { ClientDeliveryView, DeliverableLine, DeliveryView, OrderDeliveries } from '../contract/deliveries.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { conflict, invalidField, notFound } from '../core/errors/api-error.js';
import { nextDocumentNumber } from '../documents/document-numbers.js';
import { renderDocumentPdfOffThread } from '../documents/pdf/render-off-thread.js';
import { Order } from '../orders/entities/order.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { moveOrderStock, type MovementContext } from '../stock/ledger/stock-ledger.js';
import { deliveryPdfModel } from './delivery-pdf.js';
import type { DeliveryDto } from './dto/delivery.dto.js';
import { DeliveryLine } from './entities/delivery-line.entity.js';
import { Delivery, type DeliveryKind } from './entities/delivery.entity.js';

const ORDER_NOT_FOUND = 'Commande introuvable.';
const DELIVERY_NOT_FOUND = 'Bon de livraison introuvable.';
const NOTHING = 'Indiquez une quantité à livrer sur au moins une ligne.';
const NOTHING_BACK = 'Indiquez une quantité reprise sur au moins une ligne.';

/** Why an order cannot receive a delivery now (null: it can). */
export function cannotDeliver(order: Pick<Order, 'status' | 'stock_reserved'>): string | null {
  if (order.status === 'pending')
    return 'La commande n’est pas encore confirmée : le client doit accepter le devis, ou l’équipe la passer « En cours ».';
  if (order.status === 'canceled') return 'La commande est annulée : rien ne peut plus être livré.';
  if (order.status === 'shipped') return 'Tout a été livré : il ne reste rien à livrer.';
  if (!order.stock_reserved)
    return 'La commande ne réserve pas de stock : cliquez « Réserver le stock » dans la commande dès que le stock a ses quantités.';
  return null;
}

const isoDate = (value: Date | string) => new Date(value).toISOString();

function deliveryView(delivery: Delivery, lines: readonly DeliveryLine[]): DeliveryView {
  return {
    id: delivery.id,
    number: delivery.number,
    kind: delivery.kind,
    delivered_at: isoDate(delivery.delivered_at),
    carrier: delivery.carrier,
    note: delivery.note,
    created_by_name: delivery.created_by_name,
    created_at: isoDate(delivery.created_at),
    lines: [...lines]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((line) => ({
        order_item_id: line.order_item_id,
        product_id: line.product_id,
        product_name: line.product_name,
        product_reference: line.product_reference,
        quantity: line.quantity,
      })),
  };
}

/** An order line as deliveries see it; `shippedByHand`: the status « Expédiée » was set without notes, everything left. */
function deliverable(item: OrderItem, shippedByHand: boolean): DeliverableLine {
  const delivered = shippedByHand ? item.quantity : item.delivered_quantity;
  return {
    order_item_id: item.id,
    product_id: item.product_id,
    product_name: item.product_name,
    product_reference: item.product_reference,
    quantity: item.quantity,
    delivered_quantity: delivered,
    remaining: item.quantity - delivered,
  };
}

/**
 * Delivery notes (docs/order-model.md, "The documents", "Order state"): each recorded in one
 * transaction with its BL- number, the ledger's movements (held → delivered, lots first-expiring
 * first), the order lines' delivered quantities and, once everything is delivered, the order's
 * summary status `shipped`. A return is a note of its own (`kind = 'return'`, negative lines) that
 * puts the goods back in the order's reserve (held), so they can be delivered again, or released by
 * cancelling the order once nothing remains delivered.
 */
@Injectable()
export class DeliveriesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  async forOrder(orderId: number, manager: EntityManager = this.dataSource.manager): Promise<OrderDeliveries> {
    const order = await manager.getRepository(Order).findOneBy({ id: orderId });
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const items = await manager.getRepository(OrderItem).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
    const deliveries = await manager.getRepository(Delivery).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
    const lines = deliveries.length
      ? await manager.getRepository(DeliveryLine).findBy({ delivery_id: In(deliveries.map((d) => d.id)) })
      : [];
    const reason = cannotDeliver(order);
    return {
      order_id: order.id,
      order_num: order.order_num,
      status: order.status,
      version: deliveries.length,
      can_deliver: reason === null,
      cannot_deliver_reason: reason,
      lines: items.map((item) => deliverable(item, order.status === 'shipped' && deliveries.length === 0)),
      deliveries: deliveries.map((d) =>
        deliveryView(
          d,
          lines.filter((l) => l.delivery_id === d.id),
        ),
      ),
    };
  }

  /** Records a delivery (or, with kind `return`, a return): all of it or nothing. */
  async record(
    orderId: number,
    kind: DeliveryKind,
    dto: DeliveryDto,
    userId: number,
  ): Promise<{ delivery: DeliveryView; deliveries: OrderDeliveries }> {
    const deliveredAt = dto.delivered_at
      ? new Date(dto.delivered_at.length === 10 ? `${dto.delivered_at}T12:00:00Z` : dto.delivered_at)
      : new Date();
    if (Number.isNaN(deliveredAt.getTime()))
      throw invalidField('delivered_at', 'La date de livraison doit être une date (AAAA-MM-JJ).');
    const wanted = dto.lines.filter((line) => line.quantity > 0);
    if (!wanted.length) throw invalidField('lines', kind === 'return' ? NOTHING_BACK : NOTHING);
    const seen = new Set<number>();
    for (const line of wanted) {
      if (seen.has(line.order_item_id)) throw invalidField('lines', 'Chaque ligne de commande ne peut figurer qu’une fois.');
      seen.add(line.order_item_id);
    }
    return runTransaction(this.dataSource, async (manager) => {
      const orders = manager.getRepository(Order);
      const sqlite = manager.connection.options.type === 'better-sqlite3';
      // The order's row is locked first (then its products, in id order, by the ledger): two staff
      // recording at once are serialised and the second one's version is stale.
      const order = await orders.findOne({
        where: { id: orderId },
        ...(sqlite ? {} : { lock: { mode: 'pessimistic_write' as const } }),
      });
      if (!order) throw notFound(ORDER_NOT_FOUND);
      const recorded = await manager.getRepository(Delivery).find({ where: { order_id: orderId }, order: { id: 'DESC' } });
      if (dto.version !== undefined && dto.version !== recorded.length) {
        const last = recorded[0];
        const author = last?.created_by ?? null;
        throw await staleRecord(
          manager,
          {
            version: recorded.length,
            updated_by: author,
            updated_at: last ? new Date(last.created_at) : new Date(order.updated_at),
          },
          'les livraisons de cette commande',
        );
      }
      if (kind === 'delivery') {
        const reason = cannotDeliver(order);
        if (reason) throw conflict(reason);
      } else if (order.status !== 'inprogress' && order.status !== 'shipped') {
        throw conflict('Seule une commande confirmée ou livrée peut faire l’objet d’un retour.');
      }
      const items = await manager.getRepository(OrderItem).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
      const byId = new Map(items.map((item) => [item.id, item]));
      for (const [index, line] of wanted.entries()) {
        const item = byId.get(line.order_item_id);
        if (!item) throw invalidField(`lines.${index}.order_item_id`, 'Cette ligne n’appartient pas à la commande.');
        const room = kind === 'delivery' ? item.quantity - item.delivered_quantity : item.delivered_quantity;
        if (line.quantity > room)
          throw conflict(
            kind === 'delivery'
              ? `« ${item.product_name} » : il reste ${room} à livrer, ${line.quantity} demandé${line.quantity > 1 ? 's' : ''}.`
              : `« ${item.product_name} » : ${room} livré${room > 1 ? 's' : ''}, impossible d’en reprendre ${line.quantity}.`,
          );
      }

      // Numbered in the year it is recorded (the sequence never runs backwards with a back-dated delivery).
      const number = await nextDocumentNumber(manager, 'delivery');
      const author = await manager
        .getRepository(User)
        .findOne({ select: { id: true, firstname: true, name: true }, where: { id: userId } });
      const sign = kind === 'delivery' ? 1 : -1;
      const inserted = await manager.getRepository(Delivery).insert({
        order_id: orderId,
        number,
        kind,
        delivered_at: deliveredAt,
        carrier: dto.carrier || null,
        note: dto.note || null,
        created_by: userId,
        created_by_name: author ? `${author.firstname} ${author.name}`.trim() : null,
      });
      const deliveryId = Number(inserted.identifiers[0]!.id);
      await manager.getRepository(DeliveryLine).insert(
        wanted.map((line, position) => {
          const item = byId.get(line.order_item_id)!;
          return {
            delivery_id: deliveryId,
            position,
            order_item_id: item.id,
            product_id: item.product_id,
            product_name: item.product_name,
            product_reference: item.product_reference,
            quantity: sign * line.quantity,
          };
        }),
      );
      for (const line of wanted) {
        const delta = sign * line.quantity;
        // Conditional on the line's bounds: never above what was ordered, never below zero.
        const result = await manager
          .createQueryBuilder()
          .update(OrderItem)
          .set({ delivered_quantity: () => 'delivered_quantity + :delta' })
          .where('id = :id AND delivered_quantity + :delta <= quantity AND delivered_quantity + :delta >= 0', {
            id: line.order_item_id,
            delta,
          })
          .execute();
        if (!result.affected) throw conflict('Les quantités livrées ont changé entre-temps : rechargez la commande.');
      }
      const context: MovementContext = { userId, documentType: 'delivery', documentId: deliveryId };
      const stockLines = wanted.map((line) => ({ productId: byId.get(line.order_item_id)!.product_id, quantity: line.quantity }));
      await moveOrderStock(manager, kind === 'delivery' ? 'delivery' : 'return_to_hold', stockLines, context);

      // The order's summary status follows: shipped once every line is delivered, in progress again after a return.
      const after = items.map(
        (item) => item.delivered_quantity + sign * (wanted.find((l) => l.order_item_id === item.id)?.quantity ?? 0),
      );
      const complete = items.every((item, i) => after[i] === item.quantity);
      const status = complete ? 'shipped' : 'inprogress';
      if (status !== order.status) {
        const shippedAt = status === 'shipped' ? deliveredAt : null;
        await orders.update({ id: orderId }, { status, shipped_at: shippedAt });
        await this.audit.record(manager, {
          entity: 'order',
          entity_id: orderId,
          label: order.order_num,
          action: 'status',
          changes: diffOf({ status: order.status, shipped_at: order.shipped_at }, { status, shipped_at: shippedAt }),
        });
      }
      await this.audit.record(manager, {
        entity: 'delivery',
        entity_id: deliveryId,
        label: `${number} · ${order.order_num}`,
        action: 'create',
        changes: diffOf(null, {
          number,
          kind,
          delivered_at: deliveredAt,
          carrier: dto.carrier || null,
          lines: wanted.map((l) => `${byId.get(l.order_item_id)!.product_name} × ${sign * l.quantity}`).join(', '),
        }),
      });
      const delivery = await manager.getRepository(Delivery).findOneByOrFail({ id: deliveryId });
      const lines = await manager.getRepository(DeliveryLine).findBy({ delivery_id: deliveryId });
      return { delivery: deliveryView(delivery, lines), deliveries: await this.forOrder(orderId, manager) };
    });
  }

  /** The delivery note's PDF: the quantities as they stood once this note was recorded. */
  async pdf(deliveryId: number, orderId?: number): Promise<{ filename: string; pdf: Buffer }> {
    const manager = this.dataSource.manager;
    const delivery = await manager.getRepository(Delivery).findOneBy({ id: deliveryId });
    if (!delivery || (orderId !== undefined && delivery.order_id !== orderId)) throw notFound(DELIVERY_NOT_FOUND);
    const order = await manager.getRepository(Order).findOneBy({ id: delivery.order_id });
    if (!order) throw notFound(DELIVERY_NOT_FOUND);
    const items = await manager.getRepository(OrderItem).findBy({ order_id: order.id });
    const lines = await manager.getRepository(DeliveryLine).findBy({ delivery_id: delivery.id });
    // Delivered per order line by this note and every earlier one.
    const rows: { order_item_id: number | string; total: number | string | null }[] = await manager
      .getRepository(DeliveryLine)
      .createQueryBuilder('line')
      .innerJoin('line.delivery', 'delivery')
      .select('line.order_item_id', 'order_item_id')
      .addSelect('SUM(line.quantity)', 'total')
      .where('delivery.order_id = :orderId AND delivery.id <= :id', { orderId: order.id, id: delivery.id })
      .groupBy('line.order_item_id')
      .getRawMany();
    const delivered = new Map(rows.map((row) => [Number(row.order_item_id), Number(row.total ?? 0)]));
    const pdf = await renderDocumentPdfOffThread(deliveryPdfModel(order, items, delivery, lines, delivered, this.config));
    return { filename: `${delivery.number}.pdf`, pdf };
  }
}

/** An order's notes as the client page lists them (no staff names), oldest first. */
export async function clientDeliveries(manager: EntityManager, orderId: number): Promise<ClientDeliveryView[]> {
  return (await clientDeliveriesOf(manager, [orderId])).get(orderId) ?? [];
}

/** The delivery notes of several orders at once (« Mes commandes »), by order, oldest first. */
export async function clientDeliveriesOf(manager: EntityManager, orderIds: number[]): Promise<Map<number, ClientDeliveryView[]>> {
  const byOrder = new Map<number, ClientDeliveryView[]>();
  if (!orderIds.length) return byOrder;
  const deliveries = await manager.getRepository(Delivery).find({ where: { order_id: In(orderIds) }, order: { id: 'ASC' } });
  if (!deliveries.length) return byOrder;
  const lines = await manager.getRepository(DeliveryLine).find({
    where: { delivery_id: In(deliveries.map((d) => d.id)) },
    order: { position: 'ASC', id: 'ASC' },
  });
  for (const d of deliveries)
    byOrder.set(d.order_id, [
      ...(byOrder.get(d.order_id) ?? []),
      {
        id: d.id,
        number: d.number,
        kind: d.kind,
        delivered_at: isoDate(d.delivered_at),
        lines: lines.filter((l) => l.delivery_id === d.id).map((l) => ({ product_name: l.product_name, quantity: l.quantity })),
      },
    ]);
  return byOrder;
}

/**
 * A status set by hand moves an order's whole quantities (held, delivered, released); once delivery
 * notes moved part of them, only notes and returns may move the rest, or the ledger would move units
 * the order no longer holds. Called by the staff status change and deletion.
 */
export function assertNoDeliveredGoods(items: readonly Pick<OrderItem, 'delivered_quantity'>[]): void {
  if (items.some((item) => item.delivered_quantity !== 0))
    throw conflict(
      'Des bons de livraison ont été enregistrés pour cette commande : son statut suit ses livraisons. Pour reprendre des marchandises, enregistrez un retour.',
    );
}
