import type { Paginated } from './staff.js';

/** What an audit entry records. `status`: an order's or an article's state; `permissions`: a role's rights or a user's role. */
export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'status'
  /** A status change taken back within its undo window (its e-mails dropped). */
  | 'status_undo'
  /** One bulk action on many records (api/src/bulk): each record's values before and after. */
  | 'bulk'
  /** A bulk action taken back within its undo window. */
  | 'bulk_undo'
  | 'permissions'
  | 'password'
  | 'login'
  | 'login_failed'
  /** Sign-in attempts refused by the throttle: one entry per account and address at 1, 10, 100… refusals an hour. */
  | 'login_throttled'
  /** A second factor added (TOTP application, passkey) or new recovery codes made, by the person. */
  | 'two_factor_enabled'
  /** A second factor removed by the person. */
  | 'two_factor_disabled'
  /** An administrator removed every second factor of someone (lost phone); the person is e-mailed. */
  | 'two_factor_reset'
  | 'logout'
  /** The person ended one of their own sessions, or all the others, from the profile. */
  | 'session_revoked';

/** A changed field: its value before and after (null when it did not exist; secrets as "••••••"). */
export interface AuditChange {
  before: unknown;
  after: unknown;
  /** For a reference (brand_id, category_id…): the name of the record before / after, when it still exists. */
  before_name?: string;
  after_name?: string;
}

export interface AuditEntryView {
  id: number;
  created_at: string;
  /** staff: a signed-in user; public: a visitor's request (order requests); system: the server itself. */
  actor: 'staff' | 'public' | 'system';
  user_id: number | null;
  /** The user's name at the time of the change. */
  user_name: string | null;
  ip: string | null;
  entity: string;
  entity_id: number | null;
  label: string | null;
  action: AuditAction;
  changes: Record<string, AuditChange> | null;
}

/** GET /api/audit (admin view): the activity journal, newest first. */
export interface AuditListAnswer {
  success: true;
  message: string;
  entries: Paginated<AuditEntryView>;
}
