import type { ExportColumn } from '../common/list-export.js';
import type { PublicProduct } from '../contract/public.js';
import { currencyLabel } from '../shared/money.js';
import { ORDER_STATUS_LABELS } from '../shared/statuses.js';
import type {
  StaffArticle,
  StaffBrand,
  StaffCategory,
  StaffCustomer,
  StaffOrderSummary,
  StockEntryRow,
} from '../contract/backoffice.js';
import type { AuditEntryView } from '../contract/audit.js';
import type { AdminListItem } from '../contract/staff.js';

/** The columns of each exported list, French headers, in the order of the dashboard's tables. */
export const PRODUCT_COLUMNS: ExportColumn<PublicProduct>[] = [
  { header: 'Référence', value: (p) => p.reference },
  { header: 'Désignation', value: (p) => p.name, width: 40 },
  { header: 'Catégorie', value: (p) => p.category.designation },
  { header: 'Marque', value: (p) => p.brand.name },
  { header: 'Prix', value: (p) => p.price, kind: 'money' },
  { header: 'Devise', value: (p) => p.currency.code, width: 10 },
  { header: 'Stock', value: (p) => p.stock, kind: 'number' },
  { header: 'TVA (%)', value: (p) => p.tax_rate_bp / 100, kind: 'number' },
  { header: 'Populaire', value: (p) => p.in_spotlight },
  { header: 'Créé le', value: (p) => p.created_at, kind: 'date' },
  { header: 'Modifié le', value: (p) => p.updated_at, kind: 'date' },
];

export const ORDER_COLUMNS: ExportColumn<StaffOrderSummary>[] = [
  { header: 'N° de commande', value: (o) => o.order_num },
  { header: 'Statut', value: (o) => (ORDER_STATUS_LABELS as Record<string, string>)[o.status] ?? o.status },
  { header: 'Société', value: (o) => o.company_name, width: 32 },
  { header: 'E-mail', value: (o) => o.company_email, width: 30 },
  { header: 'Représentant', value: (o) => o.representative_name },
  { header: 'Téléphone', value: (o) => o.representative_phone },
  { header: 'Lignes', value: (o) => o.lines_count, kind: 'number' },
  { header: 'Total', value: (o) => o.total, kind: 'money' },
  { header: 'Devise', value: (o) => currencyLabel(o.currency), width: 10 },
  { header: 'Paiement', value: (o) => o.payment_by },
  { header: 'Livraison', value: (o) => o.delivery_method },
  { header: 'Créée le', value: (o) => o.created_at, kind: 'date' },
];

export const CUSTOMER_COLUMNS: ExportColumn<StaffCustomer>[] = [
  { header: 'Société', value: (c) => c.company_name, width: 32 },
  { header: 'E-mail', value: (c) => c.company_email, width: 30 },
  { header: 'Téléphone', value: (c) => c.company_phone },
  { header: 'Adresse', value: (c) => c.company_address, width: 40 },
  { header: 'Représentant', value: (c) => c.representative_name },
  { header: 'Téléphone du représentant', value: (c) => c.representative_phone },
  { header: 'E-mail du représentant', value: (c) => c.representative_email, width: 30 },
  { header: 'Commandes', value: (c) => c.orders_count, kind: 'number' },
  { header: 'Créé le', value: (c) => c.created_at, kind: 'date' },
];

export const STOCK_ENTRY_COLUMNS: ExportColumn<StockEntryRow>[] = [
  { header: 'Désignation', value: (e) => e.name, width: 40 },
  { header: 'Produit', value: (e) => e.product_name, width: 32 },
  { header: 'Quantité', value: (e) => e.quantity, kind: 'number' },
  { header: 'Prix', value: (e) => e.price, kind: 'money' },
  { header: 'Date de fabrication', value: (e) => e.manufacture_date },
  { header: 'Date d’expiration', value: (e) => e.expiry_date ?? 'Non expirable' },
  { header: 'Date de facturation', value: (e) => e.billing_date },
  { header: 'Créée le', value: (e) => e.created_at, kind: 'date' },
];

export const ARTICLE_COLUMNS: ExportColumn<StaffArticle>[] = [
  { header: 'Titre', value: (a) => a.title, width: 48 },
  { header: 'Statut', value: (a) => a.status },
  { header: 'Auteur', value: (a) => (a.user ? `${a.user.firstname} ${a.user.name}` : null) },
  { header: 'Adresse', value: (a) => `/article/${a.slug}`, width: 40 },
  { header: 'Publié le', value: (a) => a.published_at, kind: 'date' },
  { header: 'Créé le', value: (a) => a.created_at, kind: 'date' },
  { header: 'Modifié le', value: (a) => a.updated_at, kind: 'date' },
];

export const BRAND_COLUMNS: ExportColumn<StaffBrand>[] = [
  { header: 'Nom', value: (b) => b.name, width: 32 },
  { header: 'Représentant', value: (b) => b.representative },
  { header: 'Description', value: (b) => b.description, width: 48 },
  { header: 'Produits', value: (b) => b.products_count, kind: 'number' },
  { header: 'Créée le', value: (b) => b.created_at, kind: 'date' },
];

export const CATEGORY_COLUMNS: ExportColumn<StaffCategory>[] = [
  { header: 'Désignation', value: (c) => c.designation, width: 32 },
  { header: 'Description', value: (c) => c.description, width: 48 },
  { header: 'Produits', value: (c) => c.products_count, kind: 'number' },
  { header: 'Créée le', value: (c) => c.created_at, kind: 'date' },
];

/** Never the password field (already masked in the list), only what the table shows. */
export const ADMIN_COLUMNS: ExportColumn<AdminListItem>[] = [
  { header: 'Prénom', value: (u) => u.firstname },
  { header: 'Nom', value: (u) => u.name },
  { header: 'E-mail', value: (u) => u.email, width: 30 },
  { header: 'Téléphone', value: (u) => u.phone },
  { header: 'Profession', value: (u) => u.profession },
  { header: 'Rôle', value: (u) => u.role?.name ?? null },
  { header: 'Articles', value: (u) => u.blogs_count, kind: 'number' },
  { header: 'Créé le', value: (u) => u.created_at, kind: 'date' },
];

const ACTOR_LABELS: Record<AuditEntryView['actor'], string> = { staff: 'Personnel', public: 'Visiteur', system: 'Système' };

export const AUDIT_COLUMNS: ExportColumn<AuditEntryView>[] = [
  { header: 'Date', value: (e) => e.created_at, kind: 'date' },
  { header: 'Auteur', value: (e) => e.user_name ?? ACTOR_LABELS[e.actor] },
  { header: 'Adresse IP', value: (e) => e.ip },
  { header: 'Élément', value: (e) => e.entity },
  { header: 'N°', value: (e) => e.entity_id, kind: 'number' },
  { header: 'Libellé', value: (e) => e.label, width: 48 },
  { header: 'Action', value: (e) => e.action },
];
