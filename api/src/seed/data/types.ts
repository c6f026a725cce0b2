import type { PermissionCategory, PermissionRight } from '../../core/access/permissions.js';
import type { ArticleStatus } from '../../blog/entities/article.entity.js';
import type { OrderCurrency, OrderStatus } from '../../orders/entities/order.entity.js';
import type { BrandMark, CoverShape, ProductShape, StockShape } from '../demo-images.js';

/** Shapes of the demo data set. Dates are given relative to the day of seeding, so the demo stays current. */

export interface DemoRole {
  name: string;
  description: string;
  rights: Partial<Record<PermissionCategory, PermissionRight[]>>;
}

export interface DemoStaff {
  /** Local part; the domain is COMPANY_EMAIL_DOMAIN. */
  emailLocal: string;
  firstname: string;
  name: string;
  role: string;
  phone: string;
  profession: string;
  about: string;
  avatar: { colour: string; skin: string };
}

export interface DemoCurrency {
  name: 'Dollar' | 'Euro' | 'Fcfa';
  symbol: string;
  code: string;
}

export interface DemoCategory {
  key: string;
  designation: string;
  description: string;
}

export interface DemoBrand {
  key: string;
  name: string;
  representative: string;
  description: string;
  colour: string;
  mark: BrandMark;
}

export interface DemoProduct {
  reference: string;
  name: string;
  category: string;
  brand: string;
  currency: DemoCurrency['name'];
  /** Decimal string, two decimals. */
  price: string;
  /** Units on hand before the demo orders reserve theirs (the seed subtracts them). */
  stockOnHand: number;
  description: string;
  shape: ProductShape;
  images: 1 | 2 | 3;
  spotlight?: boolean;
  /** Days before the seeding day the product was added. */
  addedDaysAgo: number;
  /** The specification table shown on the product page. */
  specs?: { name: string; value: string }[];
  /** The title of a « Fiche technique » PDF made from the table at seed time (demo-datasheet.ts). */
  datasheet?: string;
}

export interface DemoStockEntry {
  name: string;
  price: string;
  quantity: number;
  manufactureDaysAgo: number;
  /** Days after the seeding day; absent for goods that do not expire. */
  expiresInDays?: number;
  billingDaysAgo?: number;
  shape: StockShape;
  colour: string;
}

export interface DemoArticle {
  title: string;
  status: ArticleStatus;
  /**
   * Local part of the author's e-mail (a demo staff member), or null for an article whose author's
   * account was removed since: the site then reads « Non défini », as the spec shows.
   */
  author: string | null;
  daysAgo: number;
  cover: CoverShape;
  colour: string;
  imageAlt: string;
  /** Sanitised-style HTML: h2/h3, p, ul/ol, li, strong, em, blockquote. */
  html: string;
}

export interface DemoCustomer {
  company_name: string;
  company_email: string;
  company_phone: string;
  company_address: string;
  representative_name: string;
  representative_phone: string;
  representative_email: string;
  addedDaysAgo: number;
}

export interface DemoOrder {
  /** company_email of a demo customer. */
  customer: string;
  status: OrderStatus;
  currency: OrderCurrency;
  payment_by: 'Carte bancaire' | 'Visa' | 'Chèque';
  payment_term: string;
  delivery_method: 'Air' | 'Route' | 'Mer';
  credit_level: string;
  daysAgo: number;
  /** For shipped orders: days after the order it left the warehouse. */
  shippedAfterDays?: number;
  /** The client's purchase order number, on some orders. */
  client_reference?: string;
  items: { reference: string; quantity: number }[];
}

export interface DemoContactMessage {
  name: string;
  email: string;
  object: string;
  message: string;
  daysAgo: number;
}
