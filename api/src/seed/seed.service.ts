import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { DataSource, In, type EntityManager } from 'typeorm';
import { Role } from '../access/entities/role.entity.js';
import { RolePermission } from '../access/entities/role-permission.entity.js';
import { User } from '../admins/entities/user.entity.js';
import { hashPassword } from '../auth/password.js';
import { Article } from '../blog/entities/article.entity.js';
import { Brand } from '../catalogue/entities/brand.entity.js';
import { Category } from '../catalogue/entities/category.entity.js';
import { Currency } from '../exchange-rates/entities/currency.entity.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { ProductImage } from '../catalogue/entities/product-image.entity.js';
import { ProductDatasheet } from '../catalogue/entities/product-datasheet.entity.js';
import { renderDatasheetPdf } from './demo-datasheet.js';
import { ContactMessage } from '../contact/entities/contact-message.entity.js';
import { PERMISSION_CATEGORIES, type PermissionCategory } from '../core/access/permissions.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { Media } from '../media/entities/media.entity.js';
import { NewsletterSubscriber } from '../newsletter/entities/newsletter-subscriber.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { seedDemoQuotes } from '../quotes/demo-quotes.js';
import { StockEntry } from '../stock/entities/stock-entry.entity.js';
import { DEMO_ROLES, DEMO_STAFF, SUPER_ADMIN_ROLE } from './data/access.js';
import { DEMO_ARTICLES } from './data/articles.js';
import { DEMO_BRANDS, DEMO_CATEGORIES, DEMO_CURRENCIES, DEMO_PRODUCTS } from './data/catalogue.js';
import { DEMO_CONTACT_MESSAGES, DEMO_CUSTOMERS, DEMO_NEWSLETTER_EMAILS, DEMO_ORDERS } from './data/customers.js';
import { DEMO_STOCK_ENTRIES } from './data/stock.js';
import { OPENING_BALANCES } from '../core/database/migrations/mysql/1795800000000-StockLedger.js';
import type { DemoRole } from './data/types.js';
import { discardImage, ensureVariants } from '../media/image-variants.js';
import { checkStoragePath, STORAGE, type Storage } from '../media/storage/storage.js';
import { avatarSvg, brandSvg, coverSvg, productSvg, stockSvg, writeImages, type ImageJob } from './demo-images.js';
import { htmlToEditorJs } from './editorjs.js';
import { seedDemoDocuments } from './demo-documents.js';
import { runAsActor } from '../audit/audit-context.js';
import { DeliveriesService } from '../deliveries/deliveries.service.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { PaymentsService } from '../payments/payments.service.js';
import { Payment } from '../payments/entities/payment.entity.js';
import { CreditNoteLine } from '../invoices/entities/credit-note-line.entity.js';
import { CreditNote } from '../invoices/entities/credit-note.entity.js';
import { InvoiceLine } from '../invoices/entities/invoice-line.entity.js';
import { Invoice } from '../invoices/entities/invoice.entity.js';
import { DeliveryLine } from '../deliveries/entities/delivery-line.entity.js';
import { Delivery } from '../deliveries/entities/delivery.entity.js';
import { nextDocumentNumber } from '../documents/document-numbers.js';
import { firstFreeSlug, slugify } from '../shared/slug.js';

const DAY = 86_400_000;

/** What a load put in the database. */
export interface DemoSummary {
  categories: number;
  brands: number;
  currencies: number;
  products: number;
  productImages: number;
  stockEntries: number;
  articles: number;
  staff: number;
  customers: number;
  orders: number;
  orderItems: number;
}

/** Exact money arithmetic in integer cents. */
const toCents = (amount: string) => {
  const [units, decimals = ''] = amount.split('.');
  return BigInt(units) * 100n + BigInt((decimals + '00').slice(0, 2));
};
const fromCents = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

/** Demo data and the first administrator. */
@Injectable()
export class SeedService {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** First start: an empty database (no product, no staff account) gets the demo data set. */
  async seedIfEmpty(): Promise<void> {
    await this.withSeedLock(async () => {
      const [products, users] = await Promise.all([
        this.dataSource.getRepository(Product).count(),
        this.dataSource.getRepository(User).count(),
      ]);
      if (products > 0 || users > 0) return;
      const summary = await this.loadDemoData();
      this.logger.log(`Empty database: loaded the demo data set (${describe(summary)})`);
    });
  }

  /**
   * `npm run db:seed`: replaces the demo content (catalogue, stock, blog, orders, customers, newsletter,
   * contact messages, media) with a fresh copy of the demo set. Staff accounts other than the demo ones
   * and roles other than the demo ones are kept. Running it twice gives the same data.
   */
  async reloadDemoData(): Promise<void> {
    await this.withSeedLock(async () => {
      const summary = await this.loadDemoData();
      this.logger.log(`Reloaded the demo data set (${describe(summary)})`);
    });
  }

  /**
   * Makes sure someone can administer the platform: when no account holds the administration rights
   * (create and edit on "admin"), creates the roles if missing and a "Super administrateur" account from
   * ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password printed once on stdout.
   */
  async ensureFirstAdministrator(): Promise<void> {
    await this.withSeedLock(async () => {
      if ((await this.countAdministrators(this.dataSource.manager)) > 0) return;
      const email = this.config.adminEmail ?? `admin@${this.config.companyEmailDomain}`;
      const generated = this.config.adminPassword === undefined;
      const password = this.config.adminPassword ?? generatePassword();
      const passwordHash = await hashPassword(password);

      await this.dataSource.transaction(async (manager) => {
        const roles = await this.ensureRoles(manager, false);
        const superRole = roles.get(SUPER_ADMIN_ROLE)!;
        const users = manager.getRepository(User);
        const existing = await users.findOneBy({ email });
        const now = new Date();
        if (existing) {
          // The address is taken by an account without the rights: it becomes the administrator.
          await users.update(existing.id, { role_id: superRole.id, password_hash: passwordHash, password_changed_at: now });
        } else {
          await users.insert({
            role_id: superRole.id,
            firstname: 'Administrateur',
            name: 'Principal',
            email,
            password_hash: passwordHash,
            profession: 'Administrateur de la plateforme',
            password_changed_at: now,
          });
        }
      });
      this.logger.log(`Created the first administrator account ${email}`);
      if (generated) {
        // Printed directly (not through the logger, which may be silenced), and never stored anywhere.
        process.stdout.write(`First administrator: ${email} / password: ${password} (shown once)\n`);
      }
    });
  }

  // -------------------------------------------------------------------------------------------

  private async countAdministrators(manager: EntityManager): Promise<number> {
    return manager
      .getRepository(User)
      .createQueryBuilder('user')
      .innerJoin(
        RolePermission,
        'permission',
        'permission.role_id = user.role_id AND permission.category = :category AND permission.create = :yes AND permission.edit = :yes',
        { category: 'admin', yes: true },
      )
      .getCount();
  }

  /**
   * Creates the demo roles that are missing. With `reset`, the demo roles also get their demo
   * description and rights back (demo reload). The super administrator role always keeps every right:
   * it is the role the first administrator is given.
   */
  private async ensureRoles(manager: EntityManager, reset: boolean): Promise<Map<string, Role>> {
    const roles = new Map<string, Role>();
    for (const demo of DEMO_ROLES) {
      let role = await manager.getRepository(Role).findOneBy({ name: demo.name });
      const isNew = !role;
      if (!role) role = await manager.getRepository(Role).save({ name: demo.name, description: demo.description });
      else if (reset) await manager.getRepository(Role).update(role.id, { description: demo.description });
      if (isNew || reset || demo.name === SUPER_ADMIN_ROLE) await this.writePermissions(manager, role.id, demo);
      roles.set(demo.name, role);
    }
    return roles;
  }

  private async writePermissions(manager: EntityManager, roleId: number, demo: DemoRole): Promise<void> {
    const repo = manager.getRepository(RolePermission);
    const existing = new Map((await repo.findBy({ role_id: roleId })).map((p) => [p.category, p]));
    for (const category of PERMISSION_CATEGORIES) {
      const rights = demo.rights[category as PermissionCategory] ?? [];
      const row = {
        role_id: roleId,
        category,
        view: rights.includes('view'),
        create: rights.includes('create'),
        edit: rights.includes('edit'),
        delete: rights.includes('delete'),
      };
      const current = existing.get(category);
      if (current) await repo.update(current.id, row);
      else await repo.insert(row);
    }
  }

  /** One seeding at a time across API replicas sharing a MySQL database (SQLite has the DATA_DIR lock). */
  private async withSeedLock<T>(work: () => Promise<T>): Promise<T> {
    const type = this.dataSource.options.type;
    if (type !== 'mysql' && type !== 'mariadb') return work();
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query(`SELECT GET_LOCK('comptoir_seed', 120)`);
      return await work();
    } finally {
      await runner.query(`SELECT RELEASE_LOCK('comptoir_seed')`).catch(() => undefined);
      await runner.release();
    }
  }

  private async loadDemoData(): Promise<DemoSummary> {
    const started = Date.now();
    const now = new Date();
    const domain = this.config.companyEmailDomain;
    const at = (daysAgo: number, hour = 9) => {
      const d = new Date(now.getTime() - daysAgo * DAY);
      // Working hours in Lomé (UTC+0), varied per day so lists do not show identical times.
      d.setUTCHours(Math.min(hour + (daysAgo % 8), 18), (daysAgo * 7) % 60, (daysAgo * 13) % 60, 0);
      return d.getTime() > now.getTime() ? now : d;
    };
    const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

    // ---- images, outside the transaction (they are files)
    const brandColour = new Map(DEMO_BRANDS.map((b) => [b.key, b.colour]));
    const jobs: ImageJob[] = [];
    const brandImage = new Map<string, string>();
    for (const brand of DEMO_BRANDS) {
      const file = `demo/brands/${brand.key}.png`;
      brandImage.set(brand.key, file);
      jobs.push({ path: file, svg: brandSvg(brand.mark, brand.colour) });
    }
    const productImages = new Map<string, string[]>();
    for (const product of DEMO_PRODUCTS) {
      const files = Array.from(
        { length: product.images },
        (_, i) => `demo/products/${product.reference.toLowerCase()}-${i + 1}.webp`,
      );
      productImages.set(product.reference, files);
      files.forEach((file, i) => jobs.push({ path: file, svg: productSvg(product.shape, brandColour.get(product.brand)!, i) }));
    }
    const stockImages = DEMO_STOCK_ENTRIES.map((entry, i) => {
      const file = `demo/stock/${String(i + 1).padStart(2, '0')}-${slugify(entry.name, 60)}.webp`;
      jobs.push({ path: file, svg: stockSvg(entry.shape, entry.colour) });
      return file;
    });
    const slugs = new Set<string>();
    const articleSlugs = DEMO_ARTICLES.map((article) => {
      const slug = firstFreeSlug(slugify(article.title), slugs);
      slugs.add(slug);
      return slug;
    });
    DEMO_ARTICLES.forEach((article, i) =>
      jobs.push({ path: `demo/articles/${articleSlugs[i]}.webp`, svg: coverSvg(article.cover, article.colour, i + 1) }),
    );
    for (const staff of DEMO_STAFF) {
      jobs.push({
        path: `demo/avatars/${slugify(staff.emailLocal)}.webp`,
        svg: avatarSvg(staff.avatar.colour, staff.avatar.skin),
      });
    }
    await writeImages(this.storage, jobs);
    // The demo datasheets: PDFs made from the products' tables, as uploads are stored.
    const datasheets = new Map<string, { path: string; size: number }>();
    for (const demo of DEMO_PRODUCTS.filter((p) => p.datasheet)) {
      const pdf = await renderDatasheetPdf({ name: demo.name, reference: demo.reference, specs: demo.specs ?? [] });
      const file = `demo/datasheets/${demo.reference.toLowerCase()}.pdf`;
      await this.storage.put(file, pdf);
      datasheets.set(demo.reference, { path: file, size: pdf.length });
    }
    // The resized WebP copies the public site and the dashboard show, as uploads get them.
    await Promise.all(jobs.map((job) => ensureVariants(this.storage, job.path)));

    // Demo staff get passwords nobody knows (see DEMO_STAFF); an administrator can set real ones.
    const staffHashes = await Promise.all(DEMO_STAFF.map(() => hashPassword(generatePassword())));
    const demoEmails = DEMO_STAFF.map((s) => `${s.emailLocal}@${domain}`);

    const replacedFiles: string[] = [];
    const summary = await this.dataSource.transaction(async (manager) => {
      // ---- remove the previous demo content (children first)
      replacedFiles.push(...(await this.uploadedFilesOfDemoContent(manager)));
      for (const entity of [
        // The demo's invoices and payments go with its orders (their rows restrict the order's deletion).
        Payment,
        CreditNoteLine,
        CreditNote,
        InvoiceLine,
        Invoice,
        DeliveryLine,
        Delivery,
        OrderItem,
        Order,
        Customer,
        ProductImage,
        ProductDatasheet,
        Product,
        Brand,
        Category,
        Currency,
        StockEntry,
        Article,
        NewsletterSubscriber,
        ContactMessage,
        Media,
      ]) {
        await manager.createQueryBuilder().delete().from(entity).execute();
      }
      await manager.getRepository(User).delete({ email: In(demoEmails) });
      // The demo orders are numbered afresh (CMD-<year>-00001 …), and the demo's dollar rate replaced.
      await manager.query("DELETE FROM document_sequences WHERE kind IN ('order', 'delivery', 'invoice', 'credit_note')");
      await manager.query('DELETE FROM exchange_rates WHERE set_by_id IS NULL AND set_by_name = ?', [DEMO_RATE_AUTHOR]);

      // ---- access
      const roles = await this.ensureRoles(manager, true);
      const staffIds = new Map<string, number>();
      for (const [i, staff] of DEMO_STAFF.entries()) {
        const saved = await manager.getRepository(User).save({
          role_id: roles.get(staff.role)!.id,
          firstname: staff.firstname,
          name: staff.name,
          email: demoEmails[i],
          password_hash: staffHashes[i],
          image: `demo/avatars/${slugify(staff.emailLocal)}.webp`,
          phone: staff.phone,
          profession: staff.profession,
          about: staff.about,
          password_changed_at: at(200),
          created_at: at(200 - i * 10),
          updated_at: at(30 - i * 5),
        });
        staffIds.set(staff.emailLocal, saved.id);
      }

      // ---- catalogue
      const currencyIds = new Map<string, number>();
      for (const currency of DEMO_CURRENCIES) {
        currencyIds.set(currency.name, (await manager.getRepository(Currency).save({ ...currency })).id);
      }
      const categoryIds = new Map<string, number>();
      for (const [i, category] of DEMO_CATEGORIES.entries()) {
        const saved = await manager.getRepository(Category).save({
          designation: category.designation,
          description: category.description,
          created_at: at(190 - i),
          updated_at: at(190 - i),
        });
        categoryIds.set(category.key, saved.id);
      }
      const brandIds = new Map<string, number>();
      for (const [i, brand] of DEMO_BRANDS.entries()) {
        const saved = await manager.getRepository(Brand).save({
          name: brand.name,
          representative: brand.representative,
          description: brand.description,
          image: brandImage.get(brand.key)!,
          created_at: at(185 - i),
          updated_at: at(185 - i),
        });
        brandIds.set(brand.key, saved.id);
      }

      // Stock: what is on hand minus what the open and shipped demo orders took.
      const reserved = new Map<string, number>();
      for (const order of DEMO_ORDERS) {
        if (order.status === 'canceled') continue;
        for (const item of order.items) reserved.set(item.reference, (reserved.get(item.reference) ?? 0) + item.quantity);
      }
      const products = new Map<string, Product>();
      let imageCount = 0;
      for (const demo of DEMO_PRODUCTS) {
        const stock = demo.stockOnHand - (reserved.get(demo.reference) ?? 0);
        if (stock < 0) throw new Error(`Demo data: orders take more ${demo.reference} than in stock`);
        const saved = await manager.getRepository(Product).save({
          name: demo.name,
          reference: demo.reference,
          stock,
          price: demo.price,
          description: demo.description,
          brand_id: brandIds.get(demo.brand)!,
          category_id: categoryIds.get(demo.category)!,
          currency_id: currencyIds.get(demo.currency)!,
          in_spotlight: demo.spotlight ?? false,
          specs: demo.specs ?? null,
          created_at: at(demo.addedDaysAgo),
          updated_at: at(Math.max(0, demo.addedDaysAgo - 5)),
        });
        const files = productImages.get(demo.reference)!;
        await manager
          .getRepository(ProductImage)
          .insert(files.map((image_path, position) => ({ product_id: saved.id, image_path, position })));
        imageCount += files.length;
        if (demo.datasheet) {
          await manager.getRepository(ProductDatasheet).insert({
            product_id: saved.id,
            title: demo.datasheet,
            ...datasheets.get(demo.reference)!,
            position: 0,
          });
        }
        products.set(demo.reference, saved);
      }

      // ---- stock entries
      for (const [i, entry] of DEMO_STOCK_ENTRIES.entries()) {
        const received = at(entry.billingDaysAgo ?? entry.manufactureDaysAgo);
        await manager.getRepository(StockEntry).save({
          name: entry.name,
          image: stockImages[i],
          price: entry.price,
          quantity: entry.quantity,
          manufacture_date: dateOnly(at(entry.manufactureDaysAgo)),
          expiry_date: entry.expiresInDays === undefined ? null : dateOnly(new Date(now.getTime() + entry.expiresInDays * DAY)),
          expirable: entry.expiresInDays !== undefined,
          billing_date: entry.billingDaysAgo === undefined ? null : dateOnly(at(entry.billingDaysAgo)),
          created_at: received,
          updated_at: received,
        });
      }

      // ---- blog
      for (const [i, article] of DEMO_ARTICLES.entries()) {
        const written = at(article.daysAgo, 8);
        await manager.getRepository(Article).save({
          title: article.title,
          slug: articleSlugs[i],
          content: article.html,
          content_json: JSON.stringify(htmlToEditorJs(article.html, written.getTime())),
          image: `demo/articles/${articleSlugs[i]}.webp`,
          image_alt: article.imageAlt,
          status: article.status,
          user_id: article.author === null ? null : (staffIds.get(article.author) ?? null),
          published_at: article.status === 'Publié' ? written : null,
          created_at: written,
          updated_at: article.status === 'Corbeille' ? at(Math.max(0, article.daysAgo - 20)) : written,
        });
      }

      // ---- customers and orders
      const customers = new Map<string, Customer>();
      for (const demo of DEMO_CUSTOMERS) {
        const { addedDaysAgo, ...fields } = demo;
        const saved = await manager
          .getRepository(Customer)
          .save({ ...fields, created_at: at(addedDaysAgo), updated_at: at(addedDaysAgo) });
        customers.set(demo.company_email, saved);
      }
      const ordered = [...DEMO_ORDERS].sort((a, b) => b.daysAgo - a.daysAgo);
      let itemCount = 0;
      for (const demo of ordered) {
        const customer = customers.get(demo.customer);
        if (!customer) throw new Error(`Demo data: unknown customer ${demo.customer}`);
        const created = at(demo.daysAgo, 8);
        const lines = demo.items.map((item) => {
          const product = products.get(item.reference);
          if (!product) throw new Error(`Demo data: unknown product ${item.reference}`);
          const currency = DEMO_PRODUCTS.find((p) => p.reference === item.reference)!.currency;
          if (currency !== demo.currency) throw new Error(`Demo data: ${item.reference} is not priced in ${demo.currency}`);
          return {
            product_id: product.id,
            product_name: product.name,
            quantity: item.quantity,
            price: product.price,
            total_price: fromCents(toCents(product.price) * BigInt(item.quantity)),
            tax_rate_bp: product.tax_rate_bp,
            created_at: created,
          };
        });
        const total = fromCents(lines.reduce((sum, line) => sum + toCents(line.total_price), 0n));
        const shippedAt = demo.status === 'shipped' ? at(Math.max(0, demo.daysAgo - (demo.shippedAfterDays ?? 3)), 14) : null;
        const updated = shippedAt ?? (demo.status === 'pending' ? created : at(Math.max(0, demo.daysAgo - 1), 15));
        const order = await manager.getRepository(Order).save({
          // Numbered like a real request, so that the first one after the seed follows on.
          order_num: await nextDocumentNumber(manager, 'order', created),
          status: demo.status,
          company_name: customer.company_name,
          company_phone: customer.company_phone,
          company_email: customer.company_email,
          representative_name: customer.representative_name,
          representative_phone: customer.representative_phone,
          representative_email: customer.representative_email,
          payment_by: demo.payment_by,
          currency: demo.currency,
          payment_term: demo.payment_term,
          delivery_method: demo.delivery_method,
          credit_level: demo.credit_level,
          delivery_address: customer.company_address || null,
          client_reference: demo.client_reference ?? null,
          customer_id: customer.id,
          total,
          stock_reserved: demo.status !== 'canceled',
          // Held firmly, as staff-handled orders are; a pending request's hold runs ORDER_HOLD_DAYS from the
          // seed, so its hold panel and « Prolonger » show from the start.
          hold_state: demo.status !== 'canceled' ? 'firm' : null,
          hold_until: demo.status === 'pending' ? new Date(Date.now() + this.config.quotes.holdDays * 86_400_000) : null,
          shipped_at: shippedAt,
          created_at: created,
          updated_at: updated,
        });
        await manager.getRepository(OrderItem).insert(lines.map((line) => ({ ...line, order_id: order.id })));
        itemCount += lines.length;
      }

      // ---- quote versions: version 1 of every order, one quote in negotiation (quotes/demo-quotes.ts)
      await seedDemoQuotes(manager, this.dataSource.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql');

      // ---- a dollar rate, so that a cart with a USD product shows its converted total from the start
      await manager.query(
        'INSERT INTO exchange_rates (currency_code, rate, rate_date, set_by_id, set_by_name) VALUES (?, ?, ?, NULL, ?)',
        ['USD', '605.5', at(30).toISOString().slice(0, 10), DEMO_RATE_AUTHOR],
      );

      // ---- the stock ledger: opening balances as the migration writes them (held by open orders, one
      // `opening` per product, one `hold` per holding order), so the ledger agrees with the columns.
      for (const statement of OPENING_BALANCES) await manager.query(statement);

      // ---- public-side messages
      for (const [i, email] of DEMO_NEWSLETTER_EMAILS.entries()) {
        await manager.getRepository(NewsletterSubscriber).insert({ email, created_at: at(90 - i * 15) });
      }
      for (const message of DEMO_CONTACT_MESSAGES) {
        const { daysAgo, ...fields } = message;
        await manager
          .getRepository(ContactMessage)
          .insert({ ...fields, ip: null, created_at: at(daysAgo), mailed_at: at(daysAgo) });
      }

      return {
        categories: DEMO_CATEGORIES.length,
        brands: DEMO_BRANDS.length,
        currencies: DEMO_CURRENCIES.length,
        products: products.size,
        productImages: imageCount,
        stockEntries: DEMO_STOCK_ENTRIES.length,
        articles: DEMO_ARTICLES.length,
        staff: DEMO_STAFF.length,
        customers: customers.size,
        orders: ordered.length,
        orderItems: itemCount,
      } satisfies DemoSummary;
    });

    // A delivery note, an invoice and a payment, through the services staff use (numbers, ledger, audit).
    const sales = DEMO_STAFF.findIndex((staff) => staff.role === 'Commercial');
    const recorder = await this.dataSource.getRepository(User).findOneBy({ email: demoEmails[Math.max(0, sales)] });
    if (recorder) {
      // Audited in the name of the demo's salesperson who recorded them.
      const documents = await runAsActor({ actor: 'staff', userId: recorder.id, userName: null, ip: null }, () =>
        seedDemoDocuments(
          this.dataSource,
          {
            deliveries: this.moduleRef.get(DeliveriesService, { strict: false }),
            invoices: this.moduleRef.get(InvoicesService, { strict: false }),
            payments: this.moduleRef.get(PaymentsService, { strict: false }),
          },
          recorder.id,
          now,
        ),
      );
      this.logger.debug(`Demo documents: ${JSON.stringify(documents)}`);
    }

    // Uploads that belonged to the replaced content (the demo images are managed by writeImages).
    for (const file of replacedFiles) await discardImage(this.storage, file);
    this.logger.debug(`Demo data loaded in ${Date.now() - started} ms`);
    return summary;
  }

  /** Storage paths of the files uploaded for the content the reload replaces (never the demo set's). */
  private async uploadedFilesOfDemoContent(manager: EntityManager): Promise<string[]> {
    const paths = [
      ...(await manager.getRepository(Brand).find({ select: { image: true } })).map((b) => b.image),
      ...(await manager.getRepository(ProductImage).find({ select: { image_path: true } })).map((i) => i.image_path),
      ...(await manager.getRepository(ProductDatasheet).find({ select: { path: true } })).map((d) => d.path),
      ...(await manager.getRepository(StockEntry).find({ select: { image: true } })).map((s) => s.image),
      ...(await manager.getRepository(Article).find({ select: { image: true } })).map((a) => a.image),
      ...(await manager.getRepository(Media).find({ select: { path: true } })).map((m) => m.path),
    ];
    const files = new Set<string>();
    for (const stored of paths) {
      if (!stored) continue;
      const relative = stored.replace(/^\/+/, '').replace(/^storage\//, '');
      if (relative.startsWith('demo/') || /^(https?:)?\/\//.test(stored)) continue;
      try {
        files.add(checkStoragePath(relative));
      } catch {
        // Not a path of ours: nothing to remove.
      }
    }
    return [...files];
  }
}

/** Who set the demo's exchange rate (the reload replaces only that one). */
const DEMO_RATE_AUTHOR = 'Données de démonstration';

function generatePassword(): string {
  // 144 random bits, URL-safe: 24 characters.
  return randomBytes(18).toString('base64url');
}

function describe(summary: DemoSummary): string {
  return [
    `${summary.products} products`,
    `${summary.categories} categories`,
    `${summary.brands} brands`,
    `${summary.stockEntries} stock entries`,
    `${summary.articles} articles`,
    `${summary.customers} customers`,
    `${summary.orders} orders`,
    `${summary.staff} demo staff`,
  ].join(', ');
}
