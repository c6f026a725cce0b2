import type { AuditAction, AuditEntryView } from '@comptoir/api/contract';
import { formatDateTime } from '../../lib/format';
import { isOrderStatus, ORDER_STATUS_LABEL } from '../orders/status';
import { formatAmount } from '../products/money';

export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
  status: 'Changement de statut',
  status_undo: 'Changement de statut annulé',
  bulk: 'Action groupée',
  bulk_undo: 'Action groupée annulée',
  permissions: 'Changement de droits',
  password: 'Changement de mot de passe',
  login: 'Connexion',
  login_failed: 'Échec de connexion',
  login_throttled: 'Connexions refusées (trop de tentatives)',
  two_factor_enabled: 'Double authentification activée',
  two_factor_disabled: 'Double authentification retirée',
  two_factor_reset: 'Double authentification réinitialisée',
  logout: 'Déconnexion',
  session_revoked: 'Session déconnectée',
};

/** The kinds of records the journal can be filtered on (`entity`), as the server names them. */
export const AUDIT_ENTITY_LABEL: Record<string, string> = {
  product: 'Produit',
  product_datasheet: 'Fiche technique',
  order: 'Commande',
  article: 'Article',
  customer: 'Client',
  user: 'Administrateur',
  role: 'Rôle',
  brand: 'Marque',
  category: 'Catégorie',
  stock_entry: 'Entrée de stock',
  currency: 'Devise',
  exchange_rate: 'Taux de change',
  media: 'Média',
  import: 'Import',
};

const FIELD_LABEL: Record<string, string> = {
  name: 'Nom',
  firstname: 'Prénom',
  email: 'Email',
  password: 'Mot de passe',
  role_id: 'Rôle (n°)',
  phone: 'Téléphone',
  profession: 'Profession',
  about: 'À propos',
  image: 'Image',
  reference: 'Référence',
  specs: 'Caractéristiques',
  stock: 'Stock',
  price: 'Prix',
  description: 'Description',
  brand_id: 'Marque (n°)',
  category_id: 'Catégorie (n°)',
  currency_id: 'Devise (n°)',
  in_spotlight: 'Populaire',
  low_stock_threshold: 'Seuil de stock bas',
  status: 'Statut',
  shipped_at: 'Expédiée le',
  stock_reserved: 'Stock réservé',
  total: 'Total',
  order_num: 'N° de commande',
  title: 'Titre',
  slug: 'Adresse',
  content: 'Contenu',
  image_alt: 'Texte alternatif',
  published_at: 'Publié le',
  user_id: 'Auteur (n°)',
  company_name: 'Société',
  company_email: 'Email de la société',
  company_phone: 'Téléphone de la société',
  company_address: 'Adresse de la société',
  representative_name: 'Représentant',
  representative_email: 'Email du représentant',
  representative_phone: 'Téléphone du représentant',
  payment_by: 'Paiement',
  payment_term: 'Échéance',
  delivery_method: 'Livraison',
  credit_level: 'Crédit',
  customer_id: 'Client (n°)',
  designation: 'Désignation',
  representative: 'Représentant',
  quantity: 'Quantité',
  manufacture_date: 'Fabriqué le',
  expiry_date: 'Expire le',
  session: 'Session',
  autres_sessions: 'Autres sessions',
  expirable: 'Expirable',
  billing_date: 'Facturé le',
  symbol: 'Symbole',
  code: 'Code',
  hold_until: 'Réservé jusqu’au',
  hold_state: 'Réservation',
  cancel_reason: 'Motif d’annulation',
  currency: 'Devise',
  currency_code: 'Devise',
  rate: 'Taux',
  rate_date: 'Applicable dès le',
  set_by_name: 'Fixé par',
  set_by_id: 'Fixé par (n°)',
  original_name: 'Nom du fichier',
  mime: 'Type',
  size: 'Taille (octets)',
  width: 'Largeur (px)',
  height: 'Hauteur (px)',
  path: 'Fichier',
  tax_rate_bp: 'TVA',
  customer_number: 'N° client',
};

const CATEGORY_LABEL: Record<string, string> = {
  blog: 'Blog',
  shop: 'Boutique',
  stock: 'Stock',
  orders: 'Commandes',
  admin: 'Administration',
  quotes: 'Devis',
  deliveries: 'Livraisons',
  invoices: 'Factures',
  payments: 'Paiements',
};
const RIGHT_LABEL: Record<string, string> = { view: 'Afficher', create: 'Créer', edit: 'Modifier', delete: 'Supprimer' };

export function fieldLabel(field: string): string {
  const right = /^(\w+)\.(\w+)$/.exec(field);
  if (right && CATEGORY_LABEL[right[1]!]) return `${CATEGORY_LABEL[right[1]!]} · ${RIGHT_LABEL[right[2]!] ?? right[2]}`;
  return FIELD_LABEL[field] ?? field;
}

/** A recorded value in French: Oui/Non, order statuses, dates with their time, "—" for nothing. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (field === 'status' && isOrderStatus(value)) return ORDER_STATUS_LABEL[value];
  if ((field === 'price' || field === 'total') && /^-?\d+(\.\d+)?$/.test(String(value))) return formatAmount(String(value));
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDateTime(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** "Afi Mensah", or who else made the change. */
export function actorText(entry: Pick<AuditEntryView, 'actor' | 'user_name'>): string {
  if (entry.actor === 'public') return 'Public (site)';
  if (entry.actor === 'system') return 'Système';
  return entry.user_name ?? 'Utilisateur supprimé';
}
