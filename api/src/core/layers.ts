/**
 * The layers of the domain folders of api/src, lowest first (docs/architecture.md, "The layers").
 * A domain folder imports only folders of lower layers, never one of its own layer nor one above;
 * `core/layout.spec.ts` holds this against the import graph that `scripts/import-graph.mjs` reads from
 * the code. Type-only imports (`import type`) are erased from the compiled code: they are drawn, dotted,
 * but they do not count (an entity names its upper neighbour in a relation by its entity name, the
 * string target, and its type with `import type`).
 *
 * Plain data without types, so that the script runs it with Node's type stripping.
 */
export const LAYERS = [
  {
    name: 'tools',
    why: 'document numbers and PDF rendering, health checks: they know no domain',
    folders: ['documents', 'health'],
  },
  { name: 'files', why: 'uploads, storage and image variants, used by every domain with pictures', folders: ['media'] },
  { name: 'mail', why: 'the outgoing mail queue, which every domain that writes to people uses', folders: ['mail'] },
  {
    name: 'publishing',
    why: 'the queue of changes and the site build; the build finds the public readers of the catalogue and the blog by token',
    folders: ['publishing'],
  },
  { name: 'staff users', why: 'the staff user, whom roles, sessions and the audit trail name', folders: ['admins'] },
  { name: 'audit', why: 'the trail of staff actions, naming the staff user; every domain above writes it', folders: ['audit'] },
  {
    name: 'sign-in',
    why: 'sessions and sign-in of a staff user, audited; they read the permissions of the role by type only',
    folders: ['auth'],
  },
  {
    name: 'roles',
    why: 'roles and their permissions: changing one audits it and ends the sessions that lose a right',
    folders: ['access'],
  },
  { name: 'public forms', why: 'the rate limit of public writes and the contact form', folders: ['contact'] },
  {
    name: 'currencies',
    why: 'currencies and rates to the CFA franc, which prices are converted with',
    folders: ['exchange-rates'],
  },
  { name: 'catalogue', why: 'products, categories, brands: what is sold', folders: ['catalogue'] },
  { name: 'customers', why: 'who orders', folders: ['customers'] },
  { name: 'stock', why: 'the stock ledger of products, which orders hold and deliveries take from', folders: ['stock'] },
  { name: 'orders', why: 'an order and its lines, of customers, for products, holding stock', folders: ['orders'] },
  { name: 'quotes', why: 'the versions of an order the staff send and the client accepts', folders: ['quotes'] },
  {
    name: 'order request',
    why: 'the public order request: the order, its stock held and version 1 of its quote, in one transaction',
    folders: ['order-requests'],
  },
  { name: 'deliveries', why: 'what leaves the warehouse for an accepted order', folders: ['deliveries'] },
  { name: 'invoices', why: 'what an order (and its deliveries) is billed', folders: ['invoices'] },
  { name: 'payments', why: 'what pays an invoice', folders: ['payments'] },
  {
    name: 'client order page',
    why: 'the client link: accepts or declines a quote version, reads the deliveries and invoices of the order',
    folders: ['client-orders'],
  },
  {
    name: 'staff order page',
    why: 'the staff order list and detail, status changes and the order history: they read quotes, deliveries and invoices',
    folders: ['staff-orders'],
  },
  { name: 'blog', why: 'articles, written by staff users, with pictures', folders: ['blog'] },
  { name: 'metrics', why: 'reads the mail queue, the publishing state and the ledger for Prometheus', folders: ['metrics'] },
  {
    name: 'staff accounts page',
    why: 'creates and edits staff users: roles, passwords and sessions, their articles republished',
    folders: ['staff-accounts'],
  },
  {
    name: 'consumers',
    why: 'cross-cutting readers and writers of several domains, none of which another domain needs',
    folders: [
      'backup',
      'bulk',
      'dashboard-summary',
      'housekeeping',
      'imports',
      'list-exports',
      'newsletter',
      'profile',
      'runtime-config',
      'saved-views',
      'search',
      'stock-insights',
    ],
  },
];

/** Folders below every domain: `core`, `common`, `shared`, `contract` (their own rules in layout.spec.ts). */
export const FOUNDATION = ['core', 'common', 'shared', 'contract'];
