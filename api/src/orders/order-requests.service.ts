import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomInt } from 'node:crypto';
import { DataSource, In, type EntityManager } from 'typeorm';
import { isUniqueViolation } from '../auth/unique-violation.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { isSqlite, isTransactionConflict, runTransaction } from '../common/transactions.js';
import { takeStock } from './stock-ledger.js';
import type { OrderCreatedAnswer } from '../contract/public.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { ValidationFailed } from '../core/errors/api-error.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { MailService } from '../mail/mail.service.js';
import { ORDER_CURRENCY_CHOICES, type OrderRequestDto } from './dto/order-request.dto.js';
import { Order } from './entities/order.entity.js';
import { orderMails } from './order-request-mails.js';

export const ORDER_CREATED = 'Commande passée avec succès !';
const UNKNOWN_PRODUCT = "Ce produit n'existe pas ou n'est plus en vente.";
const MIXED_CURRENCIES =
  "Les produits d'une même commande doivent être vendus dans la même devise : passez une commande par devise.";
const TOO_EXPENSIVE = 'Le montant de cette commande dépasse la limite autorisée : contactez-nous directement.';

/** decimal(12,2): the largest amount a price or total column holds, in cents. */
const MAX_CENTS = 999_999_999_999n;

export function toCents(price: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!m) throw new Error(`Invalid money value "${price}"`);
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A conflict with a concurrent transaction (MySQL/MariaDB) after which the whole order is tried again. */
class RetryOrder extends Error {}

function isRetryable(error: unknown): boolean {
  return error instanceof RetryOrder || isTransactionConflict(error);
}

interface Line {
  productId: number;
  quantity: number;
  /** Index of the line in the request, for the error key `order_items.<index>.product_id`. */
  index: number;
}

/**
 * The public order request (POST /api/order/create). Everything the client says about money is
 * ignored: unit prices and totals come from the catalogue. In one transaction the stock of every
 * product is taken with a conditional UPDATE (`stock = stock - q WHERE stock >= q`), so concurrent
 * requests can never take more than exists; the customer is found by company e-mail or created; a
 * yearly order number CMD-YYYY-NNNNN is allocated; the two e-mails (staff, client) are queued in the
 * same transaction and sent once it has committed.
 */
@Injectable()
export class OrderRequestsService {
  private readonly logger = new Logger('OrderRequests');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  async create(dto: OrderRequestDto): Promise<OrderCreatedAnswer['order']> {
    const lines = mergeLines(dto);
    for (let attempt = 1; ; attempt++) {
      try {
        const { order, mailIds } = await runTransaction(this.dataSource, (manager) => this.createIn(manager, dto, lines));
        this.mail.deliverSoon(mailIds);
        this.logger.log(`Order ${order.order_num} received (${order.items.length} line(s), total ${order.total})`);
        return order;
      } catch (error) {
        if (attempt >= 5 || !isRetryable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt + randomInt(30)));
      }
    }
  }

  private async createIn(
    manager: EntityManager,
    dto: OrderRequestDto,
    lines: Line[],
  ): Promise<{ order: OrderCreatedAnswer['order']; mailIds: number[] }> {
    const ids = lines.map((l) => l.productId);
    const products = new Map(
      (await manager.getRepository(Product).find({ where: { id: In(ids) }, relations: { currency: true } })).map((p) => [
        p.id,
        p,
      ]),
    );
    const unknown: Record<string, string[]> = {};
    for (const line of lines) {
      if (!products.has(line.productId)) unknown[`order_items.${line.index}.product_id`] = [UNKNOWN_PRODUCT];
    }
    if (Object.keys(unknown).length) throw new ValidationFailed(unknown);

    // One catalogue currency per order: the total is a single amount.
    const currencies = new Set([...products.values()].map((p) => p.currency!.name));
    if (currencies.size > 1) throw new ValidationFailed({ order_items: [MIXED_CURRENCIES] });
    const priceCurrency = [...products.values()][0]!.currency!;
    if ((ORDER_CURRENCY_CHOICES as readonly string[]).includes(priceCurrency.name) && dto.currency !== priceCurrency.name) {
      throw new ValidationFailed({
        currency: [`Les produits de votre panier sont vendus en ${priceCurrency.name} : choisissez cette devise.`],
      });
    }

    // Prices from the catalogue, in cents.
    let totalCents = 0n;
    const items = lines.map((line) => {
      const product = products.get(line.productId)!;
      const unit = toCents(product.price);
      const lineTotal = unit * BigInt(line.quantity);
      totalCents += lineTotal;
      if (lineTotal > MAX_CENTS || totalCents > MAX_CENTS) throw new ValidationFailed({ order_items: [TOO_EXPENSIVE] });
      return { product, line, price: fromCents(unit), total: fromCents(lineTotal) };
    });

    // All or nothing, in the order's transaction: a shortage (409 naming the product) undoes everything.
    await takeStock(
      manager,
      items.map((item) => ({ productId: item.product.id, quantity: item.line.quantity })),
    );

    const customer = await this.findOrCreateCustomer(manager, dto);
    const orderNum = await this.nextOrderNumber(manager, new Date());
    let saved: Order;
    try {
      saved = await manager.getRepository(Order).save(
        manager.getRepository(Order).create({
          order_num: orderNum,
          status: 'pending',
          company_name: dto.company_name,
          company_phone: dto.company_phone,
          company_email: dto.company_email,
          representative_name: dto.representative_name,
          representative_phone: dto.representative_phone,
          representative_email: dto.representative_email,
          payment_by: dto.payment_by,
          currency: dto.currency,
          payment_term: dto.payment_term,
          delivery_method: dto.delivery_method,
          credit_level: dto.credit_level,
          customer_id: customer.id,
          total: fromCents(totalCents),
          stock_reserved: true,
          shipped_at: null,
          items: items.map((item) => ({
            product_id: item.product.id,
            product_name: item.product.name,
            quantity: item.line.quantity,
            price: item.price,
            total_price: item.total,
          })),
        }),
      );
    } catch (error) {
      // Another request took this number between our read and our insert (MySQL): start again.
      if (isUniqueViolation(error)) throw new RetryOrder('order number taken');
      throw error;
    }

    const answer: OrderCreatedAnswer['order'] = {
      id: saved.id,
      order_num: saved.order_num,
      status: 'pending',
      total: fromCents(totalCents),
      created_at: new Date(saved.created_at).toISOString(),
      items: items.map((item) => ({
        product_id: item.product.id,
        product_name: item.product.name,
        quantity: item.line.quantity,
        price: item.price,
        total_price: item.total,
      })),
    };
    const mails = orderMails({
      order: answer,
      request: dto,
      currencySymbol: priceCurrency.symbol,
      company: this.config.company,
      siteUrl: this.config.siteUrl,
    });
    const mailIds: number[] = [];
    for (const mail of mails) mailIds.push((await this.mail.send(mail, manager)).id);
    return { order: answer, mailIds };
  }

  /**
   * The customer of this company e-mail, or a new one made from the form. An existing customer's
   * details are never changed by an anonymous request (staff keep them up to date).
   */
  private async findOrCreateCustomer(manager: EntityManager, dto: OrderRequestDto): Promise<Customer> {
    const repo = manager.getRepository(Customer);
    const existing = await repo.findOneBy({ company_email: dto.company_email });
    if (existing) return existing;
    try {
      return await repo.save(
        repo.create({
          company_name: dto.company_name,
          company_email: dto.company_email,
          company_phone: dto.company_phone,
          // The order form does not ask for an address; staff complete it in the customers screen.
          company_address: '',
          representative_name: dto.representative_name,
          representative_phone: dto.representative_phone,
          representative_email: dto.representative_email,
        }),
      );
    } catch (error) {
      // A concurrent first order of the same company created it: start again, it will be found.
      if (isUniqueViolation(error)) throw new RetryOrder('customer created concurrently');
      throw error;
    }
  }

  /**
   * CMD-<year>-<5 digits>, counting from 1 each year. On MySQL/MariaDB the read of the year's last
   * number is a locking read (FOR UPDATE), so concurrent orders take their numbers one after the
   * other; on SQLite transactions already run one at a time. A clash still ends in a retry.
   */
  private async nextOrderNumber(manager: EntityManager, now: Date): Promise<string> {
    const prefix = `CMD-${now.getUTCFullYear()}-`;
    const qb = manager
      .getRepository(Order)
      .createQueryBuilder('o')
      .select('o.order_num', 'order_num')
      .where('o.order_num LIKE :prefix', { prefix: `${prefix}%` })
      .orderBy('LENGTH(o.order_num)', 'DESC')
      .addOrderBy('o.order_num', 'DESC')
      .limit(1);
    if (!isSqlite(this.dataSource)) qb.setLock('pessimistic_write');
    const last = await qb.getRawOne<{ order_num: string }>();
    const seq = last ? Number.parseInt(last.order_num.slice(prefix.length), 10) || 0 : 0;
    return `${prefix}${String(seq + 1).padStart(5, '0')}`;
  }
}

/** One line per product (quantities of a product listed twice are added up). */
function mergeLines(dto: OrderRequestDto): Line[] {
  const byProduct = new Map<number, Line>();
  dto.order_items.forEach((item, index) => {
    const line = byProduct.get(item.product_id);
    if (line) line.quantity += item.quantity;
    else byProduct.set(item.product_id, { productId: item.product_id, quantity: item.quantity, index });
  });
  return [...byProduct.values()];
}
