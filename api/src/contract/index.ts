/** Request and answer types shared by the API, the site and the dashboard (`@comptoir/api/contract`). */
export type * from './staff.js';
export type * from './public.js';
export type * from './backoffice.js';
export type * from './audit.js';
export type * from './insights.js';
export type * from './stock-insights.js';
export type * from './quotes.js';
export type * from './saved-views.js';
export type * from './deliveries.js';
export type * from './stock-ledger.js';
export type * from './invoices.js';
export type * from './imports.js';
export type * from './bulk.js';
