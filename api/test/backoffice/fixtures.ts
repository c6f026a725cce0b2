import { Article, type ArticleStatus } from '../../src/blog/entities/article.entity.js';
import { Brand } from '../../src/catalogue/entities/brand.entity.js';
import { Category } from '../../src/catalogue/entities/category.entity.js';
import { Currency } from '../../src/exchange-rates/entities/currency.entity.js';
import { ProductImage } from '../../src/catalogue/entities/product-image.entity.js';
import { Product } from '../../src/catalogue/entities/product.entity.js';
import { Customer } from '../../src/customers/entities/customer.entity.js';
import { OrderItem } from '../../src/orders/entities/order-item.entity.js';
import { Order, type OrderStatus } from '../../src/orders/entities/order.entity.js';
import { Media } from '../../src/media/entities/media.entity.js';
import { StockEntry } from '../../src/stock/entities/stock-entry.entity.js';
import type { TestApp } from '../support/test-app.js';

/** Rows written straight in the database, to set up API tests without going through the API. */

let n = 0;
const next = () => ++n;

export async function currency(t: TestApp, values: Partial<Currency> = {}): Promise<Currency> {
  const i = next();
  return t.dataSource.getRepository(Currency).save({ name: `Devise ${i}`, symbol: `D${i}`, code: 'XOF', ...values });
}

export async function brand(t: TestApp, values: Partial<Brand> = {}): Promise<Brand> {
  return t.dataSource.getRepository(Brand).save({
    name: `Marque ${next()}`,
    representative: 'Kossi Mensah',
    description: 'Une marque de test.',
    image: null,
    ...values,
  });
}

export async function category(t: TestApp, values: Partial<Category> = {}): Promise<Category> {
  return t.dataSource
    .getRepository(Category)
    .save({ designation: `Catégorie ${next()}`, description: 'Une catégorie de test.', ...values });
}

export interface ProductRefs {
  brand: Brand;
  category: Category;
  currency: Currency;
}

export async function refs(t: TestApp): Promise<ProductRefs> {
  return { brand: await brand(t), category: await category(t), currency: await currency(t) };
}

export async function product(
  t: TestApp,
  r: ProductRefs,
  values: Partial<Product> = {},
  imagePaths: string[] = [],
): Promise<Product> {
  const saved = await t.dataSource.getRepository(Product).save({
    name: `Produit ${next()}`,
    reference: `REF-${next()}`,
    stock: 10,
    price: '1500.00',
    description: 'Un produit de test.',
    brand_id: r.brand.id,
    category_id: r.category.id,
    currency_id: r.currency.id,
    ...values,
  });
  if (imagePaths.length) {
    await t.dataSource
      .getRepository(ProductImage)
      .insert(imagePaths.map((image_path, position) => ({ product_id: saved.id, image_path, position })));
  }
  return saved;
}

export interface OrderLine {
  product: Product;
  quantity: number;
}

/** An order as the public order form leaves it: pending, its quantities already taken from the stock. */
export async function order(
  t: TestApp,
  lines: OrderLine[],
  values: Partial<Order> = {},
  options: { takeStock?: boolean } = { takeStock: true },
): Promise<Order> {
  const i = next();
  const items = lines.map((line) => ({
    product_id: line.product.id,
    product_name: line.product.name,
    quantity: line.quantity,
    price: line.product.price,
    total_price: ((Math.round(Number(line.product.price) * 100) * line.quantity) / 100).toFixed(2),
  }));
  const total = (items.reduce((sum, it) => sum + Math.round(Number(it.total_price) * 100), 0) / 100).toFixed(2);
  const saved = await t.dataSource.getRepository(Order).save({
    order_num: `CMD-TEST-${process.pid}-${i}`,
    status: 'pending' as OrderStatus,
    company_name: `Société ${i}`,
    company_phone: '+228 90 00 00 00',
    company_email: `societe${i}@exemple.tg`,
    representative_name: 'Ama Koffi',
    representative_phone: '+228 91 00 00 00',
    representative_email: `ama${i}@exemple.tg`,
    payment_by: 'Visa',
    currency: 'Fcfa',
    payment_term: '30 jours',
    delivery_method: 'Route',
    credit_level: 'Standard',
    total,
    stock_reserved: true,
    ...values,
  });
  await t.dataSource.getRepository(OrderItem).insert(items.map((it) => ({ ...it, order_id: saved.id })));
  if (options.takeStock !== false && saved.stock_reserved && saved.status !== 'canceled') {
    for (const line of lines) {
      await t.dataSource.getRepository(Product).decrement({ id: line.product.id }, 'stock', line.quantity);
      // Held until shipped (the stock ledger's products.held), as the order form's hold leaves it.
      if (saved.status !== 'shipped')
        await t.dataSource.getRepository(Product).increment({ id: line.product.id }, 'held', line.quantity);
    }
  }
  return saved;
}

export const stockOf = async (t: TestApp, id: number) =>
  (await t.dataSource.getRepository(Product).findOneByOrFail({ id })).stock;

export async function customer(t: TestApp, values: Partial<Customer> = {}): Promise<Customer> {
  const i = next();
  return t.dataSource.getRepository(Customer).save({
    company_name: `Entreprise ${i}`,
    company_email: `entreprise${i}-${process.pid}@exemple.tg`,
    company_phone: '+228 22 00 00 00',
    company_address: 'Lomé, Togo',
    representative_name: 'Yao Agbeko',
    representative_phone: '+228 93 00 00 00',
    representative_email: `yao${i}@exemple.tg`,
    ...values,
  });
}

export async function article(t: TestApp, values: Partial<Article> = {}): Promise<Article> {
  const i = next();
  const status: ArticleStatus = values.status ?? 'Brouillon';
  return t.dataSource.getRepository(Article).save({
    title: `Article ${i}`,
    slug: `article-fixture-${process.pid}-${i}`,
    content: '<p>Texte</p>',
    content_json: null,
    image: null,
    status,
    published_at: status === 'Publié' ? new Date() : null,
    ...values,
  });
}

export async function stockEntry(t: TestApp, values: Partial<StockEntry> = {}): Promise<StockEntry> {
  return t.dataSource.getRepository(StockEntry).save({
    name: `Entrée ${next()}`,
    price: '250.00',
    quantity: 5,
    manufacture_date: '2024-01-10',
    expiry_date: null,
    expirable: false,
    image: null,
    ...values,
  });
}

/** A media library row (its file need not exist: deleting it tolerates a missing file). */
export async function media(t: TestApp, values: Partial<Media> = {}): Promise<Media> {
  const i = next();
  return t.dataSource.getRepository(Media).save({
    path: `media/fixture-${process.pid}-${i}.png`,
    original_name: `image-${i}.png`,
    mime: 'image/png',
    size: 100,
    width: 10,
    height: 10,
    user_id: null,
    ...values,
  });
}
