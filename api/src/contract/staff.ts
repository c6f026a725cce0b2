/**
 * Staff access: session, current user, profile, administrators and roles (spec/dashboard.md
 * sections 3 and 7). Types only: the dashboard imports them with `import type`.
 */

/** Common fields of every answer. */
export interface ApiAnswer {
  success: boolean;
  message?: string;
}

/** Error answer: 422 carries `errors` keyed by field, other statuses only `message`. */
export interface ApiErrorAnswer {
  success: false;
  message: string;
  errors?: Record<string, string[]>;
}

/** A page of a server-paginated list (`page`, `per_page` capped at 100, `search`). */
export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  /** Present (true) when `total` is a lower bound: a search matching more than 1,000 rows is not counted further ("1 000+"). */
  total_capped?: true;
}

/** Query parameters every list accepts. */
export interface ListQuery {
  page?: number;
  per_page?: number;
  search?: string;
}

/** The permission categories (the spec's five, then the order's documents) and rights: declared once. */
import type { PermissionCategory, PermissionRight } from '../shared/permissions.js';
export type { PermissionCategory, PermissionRight };

/** One row of a role's permissions: a category and its four rights. */
export interface PermissionEntry {
  id?: number;
  category: PermissionCategory;
  view: boolean;
  create: boolean;
  edit: boolean;
  delete: boolean;
}

/** The grid sent when a role is created or updated (multipart field `permissions`, as JSON). */
export type PermissionGridPayload = Record<PermissionCategory, Record<PermissionRight, boolean>>;

/** A staff member's public-facing fields. `image` is a URL path such as `/storage/avatars/x.webp`, or null. */
export interface StaffUserFields {
  id: number;
  role_id: number | null;
  firstname: string;
  name: string;
  email: string;
  image: string | null;
  phone: string | null;
  profession: string | null;
  about: string | null;
  created_at: string;
  updated_at: string;
  /** Optimistic concurrency: send it back as `version` with the update (409 when stale). */
  version: number;
}

/** GET /api/user: the signed-in user with the role and its permissions (the body is the user). */
export interface CurrentUser extends StaffUserFields {
  role: {
    id: number;
    name: string;
    description: string | null;
    permission: PermissionEntry[];
  } | null;
}

/** POST /api/login body. */
export interface LoginRequest {
  email: string;
  password: string;
}

/** POST /api/login answer. */
export interface LoginAnswer extends ApiAnswer {
  user?: CurrentUser;
  /**
   * The password was right but no session is open yet: the account signs in with a second factor
   * (POST /api/login/second-factor), or, with `enrolment_required`, first enrols one (its role asks for it).
   */
  second_factor_required?: true;
  methods?: SecondFactorMethod[];
  enrolment_required?: boolean;
  /** After a sign-in with a recovery code: how many are left (the dashboard suggests new ones when few). */
  recovery_codes_left?: number;
}

/** Second factors of a staff account. */
export type SecondFactorMethod = 'totp' | 'recovery_code' | 'passkey';

/** POST /api/login/second-factor body: one of the three. */
export interface SecondFactorRequest {
  code?: string;
  recovery_code?: string;
  /** A WebAuthn assertion (`startAuthentication` of @simplewebauthn/browser). */
  credential?: unknown;
}

/** GET /api/profile/two-factor. Secrets are never sent back once enrolled. */
export interface TwoFactorStatus {
  /** At least one factor guards the account. */
  enabled: boolean;
  /** The person's role requires two-factor sign-in. */
  required: boolean;
  totp: { created_at: string; last_used_at: string | null } | null;
  recovery_codes_left: number;
  passkeys: Array<{ id: number; label: string; created_at: string; last_used_at: string | null }>;
}

/** POST …/totp: the secret to scan (shown during enrolment only). */
export interface TotpEnrolment extends ApiAnswer {
  secret: string;
  otpauth_url: string;
  /** SVG QR code as a data: URL. */
  qr_code: string;
}

/** Answers that may carry new recovery codes: shown once, never again. */
export interface RecoveryCodesAnswer extends ApiAnswer {
  recovery_codes: string[] | null;
  user?: CurrentUser;
}

/** POST /api/account/recovery body; the answer carries a `message` that never says whether the address exists. */
export interface RecoveryRequest {
  email: string;
}

/** POST /api/account/reset body (token from the e-mailed link `/dashboard/account/reset?token=...`). */
export interface PasswordResetRequest {
  token: string;
  password: string;
  password_confirmation: string;
}

/** GET /api/orders/count-pending. */
export interface PendingOrdersCountAnswer extends ApiAnswer {
  count: number;
  /** Client messages, acceptances and refusals no staff member has read yet (the bell's second sign). */
  client_messages?: number;
}

/** POST /api/profile/update (multipart, `_method=PUT`): firstname, name, phone, email, profession, about, image?. */
export interface ProfileUpdateAnswer extends ApiAnswer {
  user?: CurrentUser;
}

/** One of the signed-in person's open sessions (GET /api/profile/sessions). */
export interface StaffSessionView {
  /** An opaque id for DELETE /api/profile/sessions/{id}/delete (not the session's key). */
  id: string;
  /** A short French label read from the browser's User-Agent ("Chrome sur Windows"). */
  device: string;
  user_agent: string | null;
  /** The address the session was last used from. */
  ip: string | null;
  /** Sign-in time. */
  created_at: string;
  /** Last activity (written at most once a minute; the dashboard's background polls do not count). */
  last_seen_at: string;
  /** The session of the request itself ("Cette session"). */
  current: boolean;
}

/** GET /api/profile/sessions: the person's own open sessions, the current one first, then the most recent. */
export interface StaffSessionsAnswer extends ApiAnswer {
  sessions: StaffSessionView[];
}

/** DELETE /api/profile/sessions/others. */
export interface OtherSessionsClosedAnswer extends ApiAnswer {
  /** How many sessions were ended. */
  closed: number;
}

/** A row of GET /api/admin. `password` is a fixed mask, never the hash. */
export interface AdminListItem extends StaffUserFields {
  password: string;
  blogs_count: number;
  role: { id: number; name: string } | null;
}

/** GET /api/admin?page&per_page&search. */
export interface AdminListAnswer extends ApiAnswer {
  admins: Paginated<AdminListItem>;
}

/** POST /api/admin/create and POST /api/admin/{id}/update answers. */
export interface AdminSaveAnswer extends ApiAnswer {
  admin?: AdminListItem;
}

/** A user shown in a role's "Attribution" column. */
export interface RoleUserAvatar {
  id: number;
  firstname: string;
  name: string;
  image: string | null;
}

/** A row of GET /api/role. `user` lists the users holding the role (the screen shows up to 5). */
export interface RoleListItem {
  id: number;
  name: string;
  description: string | null;
  created_at: string;
  updated_at?: string;
  /** Optimistic concurrency: send it back as `version` with the update (409 when stale). */
  version: number;
  permission: PermissionEntry[];
  user: RoleUserAvatar[];
  users_count?: number;
  /** Holders sign in with a second factor (enrolment forced at their next sign-in). */
  require_two_factor: boolean;
}

/** GET /api/role: not paginated. */
export interface RoleListAnswer extends ApiAnswer {
  roles: RoleListItem[];
}

/** POST /api/role/create and POST /api/role/{id}/update answers. */
export interface RoleSaveAnswer extends ApiAnswer {
  role?: RoleListItem;
}

/** `GET /api/config`: the deployment's facts the dashboard reads at start (never compiled in). */
export interface RuntimeConfig {
  company_name: string;
  /** Staff sign in only with addresses of this domain (checked on the server too). */
  company_email_domain: string;
  /** Public address of the site (links "Voir le site"). */
  site_url: string;
  /** Largest image the server accepts, in bytes. */
  upload_max_bytes: number;
  /** A new product's TVA in basis points (DEFAULT_TAX_RATE_BP: 1800 = 18 %). */
  default_tax_rate_bp: number;
}

/**
 * What a 409 answer to a stale update carries besides its French message: the record's version now,
 * who saved it last and when. `{ success: false, message, conflict: StaleRecord }`.
 */
export interface StaleRecord<T = unknown> {
  stale: true;
  version: number;
  updated_by: string | null;
  updated_at: string;
  /** The record as it is now, shaped like the update's answer (absent in a bare 409). */
  current?: T;
}
