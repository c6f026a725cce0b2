// Every TypeORM entity of the application, for the data source and the migration drift test.
// Each domain module owns its entity files; this list only gathers them.
import type { DataSource } from 'typeorm';
import { SearchTextSubscriber } from '../../common/search-text.js';
import { ensureSearchTrigrams } from '../../common/search-trigrams.js';
import { ensureRowCounts } from '../../common/row-counts.js';
import { RowCount } from '../../common/row-count.entity.js';
import { ensureOrderCounts } from '../../orders/order-counts.js';
import { Role } from '../../access/entities/role.entity.js';
import { RolePermission } from '../../access/entities/role-permission.entity.js';
import { User } from '../../admins/entities/user.entity.js';
import { LoginThrottle } from '../../auth/entities/login-throttle.entity.js';
import { PasswordResetToken } from '../../auth/entities/password-reset-token.entity.js';
import { SignInToken } from '../../auth/entities/sign-in-token.entity.js';
import { StaffSession } from '../../auth/entities/staff-session.entity.js';
import { Article } from '../../blog/entities/article.entity.js';
import { Brand } from '../../catalogue/entities/brand.entity.js';
import { Category } from '../../catalogue/entities/category.entity.js';
import { Product } from '../../catalogue/entities/product.entity.js';
import { ProductImage } from '../../catalogue/entities/product-image.entity.js';
import { ProductDatasheet } from '../../catalogue/entities/product-datasheet.entity.js';
import { ContactMessage } from '../../contact/entities/contact-message.entity.js';
import { Customer } from '../../customers/entities/customer.entity.js';
import { DocumentSequence } from '../../documents/entities/document-sequence.entity.js';
import { Currency } from '../../exchange-rates/entities/currency.entity.js';
import { ExchangeRate } from '../../exchange-rates/entities/exchange-rate.entity.js';
import { JobLease } from '../lease/job-lease.entity.js';
import { OutgoingMail } from '../../mail/entities/outgoing-mail.entity.js';
import { Media } from '../../media/entities/media.entity.js';
import { NewsletterSubscriber } from '../../newsletter/entities/newsletter-subscriber.entity.js';
import { Order } from '../../orders/entities/order.entity.js';
import { OrderItem } from '../../orders/entities/order-item.entity.js';
import { ConfirmedEmail } from '../../contact/entities/confirmed-email.entity.js';
import { OrderRequestKey } from '../../orders/entities/order-request-key.entity.js';
import { OrderCount } from '../../orders/entities/order-count.entity.js';
import { ClientLink } from '../../quotes/entities/client-link.entity.js';
import { OrderMessage } from '../../quotes/entities/order-message.entity.js';
import { QuoteAcceptance } from '../../quotes/entities/quote-acceptance.entity.js';
import { QuoteVersion } from '../../quotes/entities/quote-version.entity.js';
import { QuoteVersionLine } from '../../quotes/entities/quote-version-line.entity.js';
import { PublishChange } from '../../publishing/entities/publish-change.entity.js';
import { SiteBuildState } from '../../publishing/entities/site-build-state.entity.js';
import { StockEntry } from '../../stock/entities/stock-entry.entity.js';
import { StockLot } from '../../stock/entities/stock-lot.entity.js';
import { StockMovement } from '../../stock/entities/stock-movement.entity.js';
import { AuditEntry } from '../../audit/entities/audit-entry.entity.js';
import { RecoveryCode } from '../../auth/two-factor/entities/recovery-code.entity.js';
import { TwoFactorCredential } from '../../auth/two-factor/entities/two-factor-credential.entity.js';
import { SavedView } from '../../saved-views/saved-view.entity.js';
import { Delivery } from '../../deliveries/entities/delivery.entity.js';
import { DeliveryLine } from '../../deliveries/entities/delivery-line.entity.js';
import { Invoice } from '../../invoices/entities/invoice.entity.js';
import { InvoiceLine } from '../../invoices/entities/invoice-line.entity.js';
import { CreditNote } from '../../invoices/entities/credit-note.entity.js';
import { CreditNoteLine } from '../../invoices/entities/credit-note-line.entity.js';
import { InvoiceCurrencyTotal } from '../../invoices/entities/invoice-currency-total.entity.js';
import { Payment } from '../../payments/entities/payment.entity.js';
import { ImportPreviewRecord } from '../../imports/import-preview.entity.js';

export {
  AuditEntry,
  Article,
  Brand,
  Category,
  ContactMessage,
  Currency,
  Customer,
  DocumentSequence,
  ExchangeRate,
  JobLease,
  LoginThrottle,
  Media,
  NewsletterSubscriber,
  Order,
  OrderCount,
  OrderItem,
  ConfirmedEmail,
  OrderRequestKey,
  OutgoingMail,
  PasswordResetToken,
  Product,
  ProductImage,
  ProductDatasheet,
  PublishChange,
  RecoveryCode,
  Role,
  RolePermission,
  SignInToken,
  SiteBuildState,
  StaffSession,
  StockEntry,
  StockLot,
  StockMovement,
  TwoFactorCredential,
  User,
};

export const ENTITIES: Function[] = [
  // access and staff
  Role,
  RolePermission,
  User,
  StaffSession,
  PasswordResetToken,
  LoginThrottle,
  SignInToken,
  TwoFactorCredential,
  RecoveryCode,
  // catalogue and stock
  Category,
  Brand,
  Currency,
  Product,
  ProductImage,
  ProductDatasheet,
  StockEntry,
  StockLot,
  StockMovement,
  // blog
  Article,
  // orders and customers
  Customer,
  Order,
  OrderItem,
  ConfirmedEmail,
  OrderRequestKey,
  OrderCount,
  // document numbers (CMD-, DEV-, BL-, FAC-, AV-)
  DocumentSequence,
  // quote versions, the client's answers and the thread (quotes/)
  QuoteVersion,
  QuoteVersionLine,
  QuoteAcceptance,
  ClientLink,
  OrderMessage,
  // delivery notes (deliveries/)
  Delivery,
  DeliveryLine,
  // invoices, credit notes and payments (invoices/, payments/)
  Invoice,
  InvoiceLine,
  CreditNote,
  CreditNoteLine,
  InvoiceCurrencyTotal,
  Payment,
  // exchange rates of quote requests
  ExchangeRate,
  // public-side messages
  NewsletterSubscriber,
  ContactMessage,
  // infrastructure
  Media,
  OutgoingMail,
  SiteBuildState,
  PublishChange,
  // operations: one job at a time across replicas (core/lease)
  JobLease,
  // activity history
  AuditEntry,
  // each person's named views of the lists
  SavedView,
  // imports' previews waiting for « Appliquer » (imports/)
  ImportPreviewRecord,
  // the large tables' row counts, kept by triggers (common/row-counts.ts)
  RowCount,
];

/**
 * What the schema relies on that a migration cannot guarantee to keep, ensured after the migrations
 * at every start (core/database/migrate.ts): the triggers of the order counts (orders/order-counts.ts),
 * of the search trigram indexes (common/search-trigrams.ts) and of the row counts
 * (common/row-counts.ts). Listed here, with the entities, so that `core` imports the domains in this
 * one registry only.
 */
export const SCHEMA_UPKEEP: readonly ((dataSource: DataSource) => Promise<unknown>)[] = [
  ensureOrderCounts,
  ensureSearchTrigrams,
  ensureRowCounts,
];

/** The entity subscribers: the search texts kept in step with their entities (common/search-text.ts). */
export const SUBSCRIBERS: Function[] = [SearchTextSubscriber];
