import type { DemoRole, DemoStaff } from './types.js';

export const SUPER_ADMIN_ROLE = 'Super administrateur';

const ALL = ['view', 'create', 'edit', 'delete'] as const;

export const DEMO_ROLES: DemoRole[] = [
  {
    name: SUPER_ADMIN_ROLE,
    description: "Accès complet : blog, boutique, stock, commandes, devis, livraisons, factures, paiements et administration des comptes et des rôles.",
    rights: {
      blog: [...ALL],
      shop: [...ALL],
      stock: [...ALL],
      orders: [...ALL],
      admin: [...ALL],
      quotes: [...ALL],
      deliveries: [...ALL],
      invoices: [...ALL],
      payments: [...ALL],
    },
  },
  {
    name: 'Éditeur',
    description: 'Rédige, publie et archive les articles du blog.',
    rights: { blog: [...ALL] },
  },
  {
    name: 'Gestionnaire de stock',
    description: 'Tient le catalogue (marques, catégories, produits) et les entrées en stock, sans suppression.',
    rights: { shop: ['view', 'create', 'edit'], stock: ['view', 'create', 'edit'] },
  },
  {
    name: 'Commercial',
    description: 'Suit les commandes et les clients, révise et envoie les devis, consulte le catalogue.',
    rights: { shop: ['view'], orders: ['view', 'create', 'edit'], quotes: ['view', 'create', 'edit'] },
  },
];

/**
 * Demo staff. None of them holds the administration rights: the first administrator always comes from
 * ADMIN_EMAIL (or a generated password), and these accounts get random passwords nobody knows, so a
 * production database seeded with the demo set has no account with a published password.
 */
export const DEMO_STAFF: DemoStaff[] = [
  {
    emailLocal: 'afi.mensah',
    firstname: 'Afi',
    name: 'Mensah',
    role: 'Éditeur',
    phone: '+228 90 12 34 56',
    profession: 'Responsable communication',
    about:
      "Ancienne journaliste économique à Lomé, Afi rédige nos guides techniques et suit l'actualité de l'énergie et de l'industrie en Afrique de l'Ouest.",
    avatar: { colour: '#0E9F9A', skin: '#8d5524' },
  },
  {
    emailLocal: 'komlan.agbodjan',
    firstname: 'Komlan',
    name: 'Agbodjan',
    role: 'Gestionnaire de stock',
    phone: '+228 91 45 67 89',
    profession: 'Responsable logistique',
    about:
      "Quinze ans de logistique portuaire au Port autonome de Lomé. Komlan gère les réceptions, l'entrepôt d'Agoè et les expéditions vers l'intérieur du pays.",
    avatar: { colour: '#1F6FB2', skin: '#6f4424' },
  },
  {
    emailLocal: 'yawa.kpodar',
    firstname: 'Yawa',
    name: 'Kpodar',
    role: 'Commercial',
    phone: '+228 92 78 90 12',
    profession: 'Ingénieure commerciale',
    about:
      "Ingénieure électromécanicienne, Yawa conseille les industriels et les entreprises du BTP sur le dimensionnement des groupes, compresseurs et pompes.",
    avatar: { colour: '#C81E1E', skin: '#c68642' },
  },
];
