import type { EntityManager } from 'typeorm';
import { backfillQuotes } from '../core/database/migrations/quote-versions-backfill.js';
import { Order } from '../orders/entities/order.entity.js';
import { backfillOrderListColumns, storeOrderListColumns } from '../orders/order-list-columns.js';
import { OrderMessage } from './entities/order-message.entity.js';
import { QuoteVersionLine } from './entities/quote-version-line.entity.js';
import { QuoteVersion } from './entities/quote-version.entity.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The demo's quotes: every demo order gets its version 1 as a real request does,
 * and the newest pending one is in negotiation: a question from the client, the answer, and a
 * version 2 sent with a discount and a delivery fee (its PDF made on demand).
 */
export async function seedDemoQuotes(manager: EntityManager, driver: 'sqlite' | 'mysql', now = new Date()): Promise<void> {
  await backfillQuotes(manager.queryRunner!, driver);
  // Every order's list columns (lines, totals, version 1), then the order revised below again.
  await backfillOrderListColumns(manager);
  const order = await manager.getRepository(Order).findOne({ where: { status: 'pending' }, order: { created_at: 'DESC' } });
  if (!order) return;
  const v1 = await manager.getRepository(QuoteVersion).findOneBy({ order_id: order.id, number: 1 });
  if (!v1) return;
  const lines = await manager
    .getRepository(QuoteVersionLine)
    .find({ where: { quote_version_id: v1.id }, order: { position: 'ASC' } });
  const asked = new Date(Math.max(new Date(order.created_at).getTime() + 3_600_000, now.getTime() - 2 * DAY_MS));
  const answered = new Date(asked.getTime() + 2 * 3_600_000);
  const validUntil = new Date(now.getTime() + 30 * DAY_MS).toISOString().slice(0, 10);
  await manager.getRepository(OrderMessage).insert([
    {
      order_id: order.id,
      author: 'client',
      user_id: null,
      author_name: order.representative_name,
      event: null,
      body: 'Bonjour, pouvez-vous faire un geste sur le prix et nous livrer sur le chantier ?',
      read_at: answered,
      created_at: asked,
    },
    {
      order_id: order.id,
      author: 'staff',
      user_id: null,
      author_name: 'Service commercial',
      event: null,
      body: 'Bonjour, nous vous accordons 5 % sur la première ligne et la livraison sur site. Le devis révisé suit.',
      read_at: answered,
      created_at: answered,
    },
  ]);
  const v2 = await manager.getRepository(QuoteVersion).save(
    manager.getRepository(QuoteVersion).create({
      ...v1,
      id: undefined,
      number: 2,
      state: 'sent',
      delivery_fee: v1.delivery_fee_currency === 'XOF' ? '15000.00' : '25.00',
      valid_until: validUntil,
      message: 'Devis révisé : remise de 5 % et livraison sur votre chantier.',
      sent_at: answered,
      pdf_path: null,
      created_at: answered,
      updated_at: answered,
      version: 1,
    }),
  );
  if (lines.length)
    await manager.getRepository(QuoteVersionLine).insert(
      lines.map(({ id: _id, quote_version: _v, product: _p, ...line }, index) => ({
        ...line,
        quote_version_id: v2.id,
        discount_bp: index === 0 ? 500 : line.discount_bp,
      })),
    );
  await manager.getRepository(QuoteVersion).update({ id: v1.id }, { state: 'expired' });
  await manager.getRepository(Order).update({ id: order.id }, { quote_state: 'sent' });
  await storeOrderListColumns(manager, [order.id]);
}
