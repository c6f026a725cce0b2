import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { DataSource, In, LessThan, type EntityManager } from 'typeorm';
import { isUniqueViolation } from '../common/unique-violation.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { isTransactionConflict, runTransaction } from '../common/transactions.js';
import { nextDocumentNumber } from '../documents/document-numbers.js';
import { InsufficientStock, defaultShortageMessage, forOrder, holdStock } from '../stock/ledger/stock-ledger.js';
import { ORDER_CURRENCY_CODES } from '../common/money.js';
import type { OrderCreatedAnswer, OrderEstimateAnswer } from '../contract/public.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { ValidationFailed } from '../core/errors/api-error.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { ExchangeRatesService } from '../exchange-rates/exchange-rates.service.js';
import { MailService } from '../mail/mail.service.js';
import type { OrderEstimateDto, OrderRequestDto } from './dto/order-request.dto.js';
import { Order } from '../orders/entities/order.entity.js';
import { itemCurrency, orderMoney, priceLines, storedMoney } from '../orders/order-pricing.js';
import { ConfirmedEmail } from '../contact/entities/confirmed-email.entity.js';
import { OrderRequestKey } from '../orders/entities/order-request-key.entity.js';
import { PricesChanged, priceChanges } from './seen-prices.js';
import { HoldPolicy, type HoldKind } from './hold-policy.js';
import { confirmationMail, orderMails } from '../orders/order-request-mails.js';
import { convertedTtcAmount, orderTaxTotals } from '../orders/devis-totals.js';
import { AuditService } from '../audit/audit.service.js';
import { diffOf } from '../audit/audit-diff.js';
import { createFirstVersion } from '../quotes/quote-versions.service.js';

export const ORDER_CREATED = 'Commande passée avec succès !';
const UNKNOWN_PRODUCT = "Ce produit n'existe pas ou n'est plus en vente.";
/** How long an Idempotency-Key answers the order it made. */
const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;
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
 * yearly order number CMD-YYYY-NNNNN is taken from document_sequences; the two e-mails (staff, client) are queued in the
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
    private readonly holds: HoldPolicy,
    private readonly audit: AuditService,
  ) {}

  /** The order dialog's indicative total: the same pricing and conversion as an order, nothing reserved. */
  async estimate(dto: OrderEstimateDto): Promise<OrderEstimateAnswer['estimate']> {
    const manager = this.dataSource.manager;
    const lines = mergeLines(dto);
    const products = await this.loadProducts(manager, lines);
    const priced = priceLines(lines, products, ORDER_CURRENCY_CODES[dto.currency]);
    const { money } = orderMoney(priced, dto.currency, await this.rates.inForce(manager));
    const taxes = orderTaxTotals(
      priced.map((line) => ({ ...line, tax_rate_bp: line.product.tax_rate_bp })),
      this.config.taxes.pricesIncludeTax,
    );
    return { lines: priced.map(({ product: _, ...line }) => line), money, converted_ttc: convertedTtcAmount(taxes, money) };
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

  async create(
    dto: OrderRequestDto,
    client: { ip: string },
    idempotencyKey: string | null = null,
  ): Promise<OrderCreatedAnswer['order']> {
    // The same Idempotency-Key (and company e-mail) within a day answers the order already made.
    const keyHash = idempotencyKey ? sha256(`${dto.company_email}\n${idempotencyKey}`) : null;
    const made = keyHash ? await this.orderOfKey(keyHash) : null;
    if (made) return made;
    const lines = mergeLines(dto);
    const request = { email: dto.company_email, ip: client.ip, quantities: lines.map((line) => line.quantity) };
    const hold = await this.holds.decide(request);
    for (let attempt = 1; ; attempt++) {
      try {
        if (attempt > 1 && keyHash) {
          // A concurrent request with the same key made the order meanwhile.
          const replay = await this.orderOfKey(keyHash);
          if (replay) return replay;
        }
        const { order, mailIds } = await runTransaction(this.dataSource, (manager) =>
          this.createIn(manager, dto, lines, hold, keyHash),
        );
        if (hold === 'provisional') await this.holds.held(request);
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
    hold: HoldKind,
    keyHash: string | null = null,
  ): Promise<{ order: OrderCreatedAnswer['order']; mailIds: number[] }> {
    const products = await this.loadProducts(manager, lines);
    // Each line in its product's currency; totals converted into the chosen one with today's rates.
    const priced = priceLines(lines, products, ORDER_CURRENCY_CODES[dto.currency]);
    const { money, totalColumn } = orderMoney(priced, dto.currency, await this.rates.inForce(manager));
    // A price changed since the visitor saw it: refused with the new lines and totals (409).
    const changed = priceChanges(dto.order_items, priced);
    if (changed.length)
      throw new PricesChanged(
        changed,
        priced.map(({ product: _, ...line }) => line),
        money,
      );
    const items = priced.map((line) => ({ product: line.product, line, price: line.price, total: line.total_price }));

    // Held or not, a request never asks for more than exists (the spec's 409 naming the product); a held
    // request is checked by its hold below, once the order exists for its movements to name it.
    if (hold === 'none')
      for (const item of items)
        if (item.product.stock < item.line.quantity)
          throw new InsufficientStock(
            defaultShortageMessage(item.product.name, item.product.stock, item.line.quantity),
            item.product.id,
            item.product.stock,
          );
    const confirmed = await this.holds.isConfirmed(dto.company_email, manager);
    const confirmToken = confirmed ? null : randomBytes(32).toString('base64url');

    const customer = await this.findOrCreateCustomer(manager, dto);
    const orderNum = await nextDocumentNumber(manager, 'order');
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
          delivery_address: dto.delivery_address ?? null,
          client_reference: dto.client_reference ?? null,
          note: dto.note ?? null,
          customer_id: customer.id,
          total: totalColumn,
          totals_json: JSON.stringify(money.totals),
          rates_json: JSON.stringify(money.rates),
          missing_rates: money.missing_rates.length ? money.missing_rates.join(',') : null,
          hold_until: this.holds.holdUntil(hold),
          hold_state: hold === 'none' ? null : hold,
          confirm_token_hash: confirmToken ? sha256(confirmToken) : null,
          stock_reserved: hold !== 'none',
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
            tax_rate_bp: item.product.tax_rate_bp,
          })),
        }),
      );
    } catch (error) {
      // A unique value taken concurrently (never the number: document_sequences serialises it): start again.
      if (isUniqueViolation(error)) throw new RetryOrder('order number taken');
      throw error;
    }
    if (keyHash) await this.rememberKey(manager, keyHash, saved.id);
    // All or nothing, in the order's transaction: a shortage (409 naming the product) undoes everything.
    if (hold !== 'none')
      await holdStock(
        manager,
        items.map((item) => ({ productId: item.product.id, quantity: item.line.quantity })),
        forOrder(saved.id),
      );

    // Version 1 of the quote is the request itself (docs/order-model.md), in the request's transaction.
    await createFirstVersion(
      manager,
      saved,
      items.map((item) => ({
        product: item.product,
        quantity: item.line.quantity,
        price: item.price,
        currency_code: item.line.currency_code,
      })),
      this.config.quotes.validityDays,
      this.config.taxes.pricesIncludeTax,
    );

    const answer: OrderCreatedAnswer['order'] = {
      id: saved.id,
      order_num: saved.order_num,
      status: 'pending',
      total: totalColumn,
      created_at: new Date(saved.created_at).toISOString(),
      items: priced.map(({ product: _, ...line }) => line),
      money,
      hold,
      hold_until: saved.hold_until ? new Date(saved.hold_until).toISOString() : null,
      confirmation_sent_to: null,
    };
    const mails = orderMails({
      order: answer,
      request: dto,
      company: this.config.company,
      siteUrl: this.config.siteUrl,
      taxes: orderTaxTotals(
        priced.map((line) => ({ ...line, tax_rate_bp: line.product.tax_rate_bp })),
        this.config.taxes.pricesIncludeTax,
      ),
      // An unconfirmed address gets its one e-mail below; nothing goes to the representative until then.
      toClient: confirmed,
    });
    if (confirmToken && !(await this.confirmationPending(manager, dto.company_email))) {
      mails.push(
        confirmationMail({
          order: answer,
          request: dto,
          company: this.config.company,
          link: `${this.config.siteUrl}/api/order-confirmation?token=${confirmToken}`,
          provisionalHours: this.config.quotes.provisionalHoldHours,
        }),
      );
      answer.confirmation_sent_to = dto.company_email;
    }
    const mailIds: number[] = [];
    for (const mail of mails) {
      // The devis goes with the client's acknowledgement (company and representative addresses).
      const attachments = mail.kind === 'order-received' || mail.kind === 'order-confirm' ? [`devis:${saved.id}`] : [];
      mailIds.push((await this.mail.send({ ...mail, related: `order:${saved.id}`, attachments }, manager)).id);
    }
    return { order: answer, mailIds };
  }

  /** The order a request with this key made within the last day, as its creation answered it. */
  private async orderOfKey(keyHash: string): Promise<OrderCreatedAnswer['order'] | null> {
    const key = await this.dataSource.getRepository(OrderRequestKey).findOneBy({ key_hash: keyHash });
    if (!key || key.created_at.getTime() < Date.now() - IDEMPOTENCY_WINDOW_MS) return null;
    const order = await this.dataSource.getRepository(Order).findOne({ where: { id: key.order_id }, relations: { items: true } });
    return order ? storedAnswer(order) : null;
  }

  /** Records the key with its order, in the order's transaction; keys older than a day are let go. */
  private async rememberKey(manager: EntityManager, keyHash: string, orderId: number): Promise<void> {
    const repo = manager.getRepository(OrderRequestKey);
    await repo.delete({ created_at: LessThan(new Date(Date.now() - IDEMPOTENCY_WINDOW_MS)) });
    try {
      await repo.insert({ key_hash: keyHash, order_id: orderId, created_at: new Date() });
    } catch (error) {
      // The same key sent twice at once: this one gives way and answers the other's order.
      if (isUniqueViolation(error)) throw new RetryOrder('idempotency key taken');
      throw error;
    }
  }

  /**
   * True when this unconfirmed address was already sent its one confirmation e-mail: until its owner
   * confirms, it gets nothing more from Comptoir, however many requests name it.
   */
  private async confirmationPending(manager: EntityManager, email: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      "SELECT 1 FROM outgoing_mails WHERE kind = 'order-confirm' AND to_address = ? LIMIT 1",
      [email.toLowerCase()],
    );
    return rows.length > 0;
  }

  /**
   * The confirmation link: the address is confirmed from now on, the order's provisional hold becomes
   * firm (ORDER_HOLD_DAYS), and the representative, if another address, gets the acknowledgement
   * the confirmation held back. 'invalid' for an unknown or used link.
   */
  async confirm(token: unknown): Promise<{ outcome: 'confirmed' | 'invalid'; order_num?: string }> {
    if (typeof token !== 'string' || !/^[\w-]{43}$/.test(token)) return { outcome: 'invalid' };
    const mailIds: number[] = [];
    const result = await runTransaction(this.dataSource, async (manager) => {
      mailIds.length = 0;
      const repo = manager.getRepository(Order);
      const order = await repo.findOne({ where: { confirm_token_hash: sha256(token) }, relations: { items: true } });
      if (!order) return null;
      // Spent in the statement that checks it is unspent: a second click finds nothing.
      const spent = await repo.update({ id: order.id, confirm_token_hash: sha256(token) }, { confirm_token_hash: null });
      if (!spent.affected) return null;
      const email = order.company_email.toLowerCase();
      await manager.getRepository(ConfirmedEmail).upsert({ email, confirmed_at: new Date() }, ['email']);
      if (order.status === 'pending' && order.stock_reserved && order.hold_state === 'provisional') {
        const until = this.holds.holdUntil('firm');
        await repo.update({ id: order.id }, { hold_state: 'firm', hold_until: until });
        await this.audit.record(
          manager,
          {
            entity: 'order',
            entity_id: order.id,
            label: order.order_num,
            action: 'update',
            changes: diffOf(
              { hold_state: 'provisional', hold_until: order.hold_until },
              { hold_state: 'firm', hold_until: until },
            ),
          },
          { actor: 'public', userId: null, userName: null, ip: null },
        );
      }
      if (order.representative_email.toLowerCase() !== email) {
        const [acknowledgement] = orderMails({
          order: storedAnswer(order),
          request: order,
          company: this.config.company,
          siteUrl: this.config.siteUrl,
          taxes: orderTaxTotals(
            (order.items ?? []).map((item) => ({ ...item, currency_code: itemCurrency(item, order).code })),
            this.config.taxes.pricesIncludeTax,
          ),
          toClient: true,
        }).filter((mail) => mail.kind === 'order-received' && mail.to === order.representative_email);
        if (acknowledgement)
          mailIds.push(
            (
              await this.mail.send(
                { ...acknowledgement, related: `order:${order.id}`, attachments: [`devis:${order.id}`] },
                manager,
              )
            ).id,
          );
      }
      return order.order_num;
    });
    this.mail.deliverSoon(mailIds);
    return result ? { outcome: 'confirmed', order_num: result } : { outcome: 'invalid' };
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
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The order as its creation answered it, rebuilt from what was stored (for mails sent later). */
function storedAnswer(order: Order): OrderCreatedAnswer['order'] {
  return {
    id: order.id,
    order_num: order.order_num,
    status: 'pending',
    total: order.total,
    created_at: new Date(order.created_at).toISOString(),
    items: (order.items ?? []).map((item) => {
      const currency = itemCurrency(item, order);
      return {
        product_id: item.product_id ?? 0,
        product_name: item.product_name,
        quantity: item.quantity,
        price: item.price,
        total_price: item.total_price,
        currency_code: currency.code,
        currency_symbol: currency.symbol,
      };
    }),
    money: storedMoney(order),
    hold: order.stock_reserved ? (order.hold_state ?? 'firm') : 'none',
    hold_until: order.hold_until ? new Date(order.hold_until).toISOString() : null,
    confirmation_sent_to: null,
  };
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
