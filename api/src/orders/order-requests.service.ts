import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomInt } from 'node:crypto';
import { DataSource, In, type EntityManager } from 'typeorm';
import { isUniqueViolation } from '../auth/unique-violation.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { isSqlite, isTransactionConflict, runTransaction } from '../common/transactions.js';
import { takeStock } from './stock-ledger.js';
import { ORDER_CURRENCY_CODES } from '../common/money.js';
import type { OrderCreatedAnswer, OrderEstimateAnswer } from '../contract/public.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { ValidationFailed } from '../core/errors/api-error.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { ExchangeRatesService } from '../exchange-rates/exchange-rates.service.js';
import { MailService } from '../mail/mail.service.js';
import type { OrderEstimateDto, OrderRequestDto } from './dto/order-request.dto.js';
import { Order } from './entities/order.entity.js';
import { orderMoney, priceLines } from './order-pricing.js';
import { orderMails } from './order-request-mails.js';

export const ORDER_CREATED = 'Commande passée avec succès !';
const DAY_MS = 24 * 60 * 60_000;
const UNKNOWN_PRODUCT = "Ce produit n'existe pas ou n'est plus en vente.";
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
    private readonly rates: ExchangeRatesService,
  ) {}

  /** The order dialog's indicative total: the same pricing and conversion as an order, nothing reserved. */
  async estimate(dto: OrderEstimateDto): Promise<OrderEstimateAnswer['estimate']> {
    const manager = this.dataSource.manager;
    const lines = mergeLines(dto);
    const products = await this.loadProducts(manager, lines);
    const priced = priceLines(lines, products, ORDER_CURRENCY_CODES[dto.currency]);
    const { money } = orderMoney(priced, dto.currency, await this.rates.inForce(manager));
    return { lines: priced.map(({ product: _, ...line }) => line), money };
  }

  private async loadProducts(manager: EntityManager, lines: Line[]): Promise<Map<number, Product>> {
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
    return products;
  }

  async create(dto: OrderRequestDto): Promise<OrderCreatedAnswer['order']> {
    const lines = mergeLines(dto);
    for (let attempt = 1; ; attempt++) {
      try {
        const { order, mailIds } = await runTransaction(this.dataSource, (manager) => this.createIn(manager, dto, lines));
        this.mail.deliverSoon(mailIds);
        this.logger.log(
          `Order ${order.order_num} received (${order.items.length} line(s), total ${order.total} ${order.money.currency_code})`,
        );
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
    const products = await this.loadProducts(manager, lines);
    // Each line in its product's currency; totals converted into the chosen one with today's rates.
    const priced = priceLines(lines, products, ORDER_CURRENCY_CODES[dto.currency]);
    const { money, totalColumn } = orderMoney(priced, dto.currency, await this.rates.inForce(manager));
    const items = priced.map((line) => ({ product: line.product, line, price: line.price, total: line.total_price }));

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
          total: totalColumn,
          totals_json: JSON.stringify(money.totals),
          rates_json: JSON.stringify(money.rates),
          missing_rates: money.missing_rates.length ? money.missing_rates.join(',') : null,
          hold_until: new Date(Date.now() + this.config.quotes.holdDays * DAY_MS),
          stock_reserved: true,
          shipped_at: null,
          items: items.map((item) => ({
            product_id: item.product.id,
            product_name: item.product.name,
            product_reference: item.product.reference,
            quantity: item.line.quantity,
            price: item.price,
            total_price: item.total,
            currency_code: item.line.currency_code,
            currency_symbol: item.line.currency_symbol,
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
      total: totalColumn,
      created_at: new Date(saved.created_at).toISOString(),
      items: priced.map(({ product: _, ...line }) => line),
      money,
    };
    const mails = orderMails({
      order: answer,
      request: dto,
      company: this.config.company,
      siteUrl: this.config.siteUrl,
    });
    const mailIds: number[] = [];
    for (const mail of mails) {
      // The devis goes with the client's acknowledgement (company and representative addresses).
      const attachments = mail.kind === 'order-received' ? [`devis:${saved.id}`] : [];
      mailIds.push((await this.mail.send({ ...mail, related: `order:${saved.id}`, attachments }, manager)).id);
    }
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
function mergeLines(dto: Pick<OrderRequestDto, 'order_items'>): Line[] {
  const byProduct = new Map<number, Line>();
  dto.order_items.forEach((item, index) => {
    const line = byProduct.get(item.product_id);
    if (line) line.quantity += item.quantity;
    else byProduct.set(item.product_id, { productId: item.product_id, quantity: item.quantity, index });
  });
  return [...byProduct.values()];
}
