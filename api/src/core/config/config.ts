import path from 'node:path';
import { defaultWorkerThreads } from '../workers/threads.js';

/**
 * Typed configuration, read once from the environment at boot. Every variable is documented in
 * `.env.example` and the README; a bad value stops the start with one line naming the variable.
 */
export type DatabaseConfig =
  { type: 'sqlite'; path: string } | { type: 'mysql'; url: string; host: string; port: number; database: string };

export interface CompanyConfig {
  name: string;
  email: string;
  phones: string[];
  address: string;
  mapQuery: string;
  /** WhatsApp number in international form, digits only ("22890000001"), or null: no WhatsApp button. */
  whatsapp: string | null;
  /** Legal identifiers printed on quotes (RCCM, NIF...), e.g. ["RCCM TG-LOM 2020 B 1234", "NIF 1000123456"]. */
  legalIds: string[];
  /** A PNG or JPEG logo for the quote's header (absolute path); none: the name stands alone. */
  logoPath?: string;
  /** Bank details printed on quotes and invoices (bank, IBAN/RIB, BIC…), one item each. */
  bankDetails: string[];
}

/** Taxes (docs/order-model.md, "Taxes and money"). */
export interface TaxesConfig {
  /** DEFAULT_TAX_RATE_BP: a new product's TVA in basis points (1800 = 18 %, Togo's rate). */
  defaultRateBp: number;
  /** PRICES_INCLUDE_TAX: catalogue prices are entered TTC (default: HT). */
  pricesIncludeTax: boolean;
}

/** Quote requests: how long a devis is valid and how long a pending order holds its stock. */
export interface QuotesConfig {
  validityDays: number;
  holdDays: number;
  /** An unconfirmed address's request holds its stock this long (docs/order-model.md, holds). */
  provisionalHoldHours: number;
  /** A request with a line above this many units holds nothing: staff quote it from the stock. */
  maxHoldUnits: number;
  /** Units held by unconfirmed requests per client address and per e-mail in 24 h (× RATE_LIMIT_FACTOR). */
  maxHeldUnitsPerDay: number;
  /** An invoice is due this many days after it is issued (INVOICE_PAYMENT_DAYS). */
  invoicePaymentDays: number;
  /** Overdue invoices are reminded to the client at most once per this many days; null (unset) = no reminders. */
  invoiceReminderDays: number | null;
}

/** Where uploads live (STORAGE_URL): see api/src/media/storage. */
export type StorageConfig = (
  | { driver: 'local'; dir: string }
  | {
      driver: 's3';
      bucket: string;
      prefix: string;
      region: string;
      endpoint?: string;
      forcePathStyle: boolean;
      credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
    }
) & {
  /** STORAGE_PUBLIC_URL: /storage redirects there (a public bucket or CDN) instead of streaming. */
  publicUrl?: string;
};

export interface AppConfig {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** The local storage folder (DATA_DIR/storage), used when STORAGE_URL is unset. */
  storageDir: string;
  storage: StorageConfig;
  outboxDir: string;
  /** STATUS_MAIL_DELAY_SECONDS: the client's status e-mails wait this long, the window to undo a status change. */
  statusMailDelaySeconds: number;
  database: DatabaseConfig;
  adminEmail?: string;
  adminPassword?: string;
  companyEmailDomain: string;
  siteUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  company: CompanyConfig;
  quotes: QuotesConfig;
  taxes: TaxesConfig;
  /** Where the built front ends live; overridable so tests can point at fixtures. */
  dashboardDist: string;
  /** The Astro project the site is built from (the `site` workspace). */
  siteSourceDir: string;
  /**
   * Where the built public site lives: `releases/` and the `current` symlink. Defaults to
   * DATA_DIR/site; replicas behind one nginx point it at one shared volume.
   */
  siteDir: string;
  /**
   * This process builds the public site and writes SITE_DIR (SITE_BUILDER, older name
   * BUILD_SITE_ON_BOOT). Off: it only serves the live release another process wrote (API-only
   * replicas, API tests).
   */
  buildSiteOnBoot: boolean;
  /**
   * Lease of the cross-process build lock: a builder renews it while it builds, so one that dies
   * frees publishing after at most this long (plus one poll).
   */
  publishLockTtlMs: number;
  /**
   * SITE_BUCKET_URL (s3://bucket/prefix): each site release is also uploaded there, then the
   * `current.json` pointer object is replaced, for a CDN whose origin is the bucket. Same S3 settings
   * (AWS_*, S3_FORCE_PATH_STYLE) as the uploads.
   */
  siteBucket?: Extract<StorageConfig, { driver: 's3' }>;
  seedOnEmpty: boolean;
  siteDeployHookUrl?: string;
  /** A site build running longer than this is killed and counts as failed (the live site stays). */
  siteBuildTimeoutMs: number;
  /**
   * On SIGTERM/SIGINT, requests in flight (a devis PDF download) get this long to finish once the
   * server stops accepting; whatever still runs is then cut and the process exits. Keep it below the
   * orchestrator's grace period (compose's stop_grace_period, Kubernetes' terminationGracePeriodSeconds).
   */
  shutdownTimeoutMs: number;
  /**
   * WORKER_THREADS: threads of the worker pool (core/workers/pool.ts) that sanitises uploads and
   * articles and lays out PDFs; by default one per core less the event loop's, at least 1.
   */
  workerThreads: number;
  /**
   * Below this much free space on DATA_DIR's or SITE_DIR's disk, /api/health/ready fails (send no
   * traffic, page the operator) before writes start failing.
   */
  minFreeDiskMb: number;
  logLevel: string;
  trustProxy: boolean;
  /**
   * COMPRESS_ANSWERS: false when a proxy in front compresses the API's answers (docker/nginx.conf, its
   * `location /api/`): compressing them in the process drove its full collections (docs/performance.md,
   * « What drives the full collections »). Pages and cached public answers, compressed once ahead, are
   * sent compressed either way, and what is not the API is still compressed here.
   */
  compressAnswers: boolean;
  /** Multiplies every public rate limit (order, contact, newsletter); tests raise or lower it. */
  rateLimitFactor: number;
  // Operations: logs, metrics, housekeeping (see the README's "Operations" section).
  /** `pretty` (coloured lines, needs the pino-pretty dev dependency) or `json`; auto = pretty on a terminal. */
  logFormat: 'pretty' | 'json';
  /** Bearer token that opens /api/metrics; unset = the route answers 404. */
  metricsToken?: string;
  /**
   * Seals the staff's TOTP secrets and keys their recovery codes (auth/two-factor/secret-box.ts). One
   * value for every replica; unset, each process keeps a random key in DATA_DIR/two-factor.key.
   */
  twoFactorKey?: string;
  /** Sent mails are deleted after this many days, their bodies after mailBodyRetentionDays. */
  mailRetentionDays: number;
  mailBodyRetentionDays: number;
  /** Site-change entries (publish_changes) already built are deleted after this many days. */
  publishChangesRetentionDays: number;
  /** Activity history entries older than this many days are purged (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
  /** Stock at or below this counts as low on the dashboard home, for products without their own threshold. */
  lowStockThreshold: number;
  /** STOCK_DIGEST_HOUR: the UTC hour (0-23) of the daily stock alert e-mail; null (`off`) sends none. */
  stockDigestHour: number | null;
  /** LOG_SQL: every SQL statement on stdout (TypeORM's query logger), for `npm run bench:api -- --latency`. */
  logSql: boolean;
}

/** COMPANY_WHATSAPP: "+228 90 00 00 01" → "22890000001" (the wa.me form), unset or empty → null. */
function parseWhatsapp(env: NodeJS.ProcessEnv): string | null {
  const raw = env.COMPANY_WHATSAPP?.trim();
  if (!raw) return null;
  const digits = raw.replace(/[\s().-]/g, '').replace(/^\+/, '');
  if (!/^[1-9]\d{7,14}$/.test(digits))
    throw new ConfigError(
      'COMPANY_WHATSAPP',
      `must be a phone number in international form, e.g. +228 90 00 00 01 (got "${raw}")`,
    );
  return digits;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');

function parsePort(env: NodeJS.ProcessEnv): number {
  const raw = env.PORT?.trim();
  if (raw === undefined || raw === '') return 3000;
  if (!/^\d+$/.test(raw) || Number(raw) < 0 || Number(raw) > 65535) {
    throw new ConfigError('PORT', `must be a whole number between 0 and 65535 (got "${raw}")`);
  }
  return Number(raw);
}

function parseDatabase(env: NodeJS.ProcessEnv, dataDir: string): DatabaseConfig {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return { type: 'sqlite', path: path.join(dataDir, 'comptoir.sqlite') };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      'DATABASE_URL',
      'is not a valid URL (expected mysql://user:pass@host:port/db or sqlite:///path/file.sqlite)',
    );
  }
  if (url.protocol === 'sqlite:') {
    const file = decodeURIComponent(url.pathname);
    if (!file || file === '/') throw new ConfigError('DATABASE_URL', 'must name a file after sqlite://');
    return { type: 'sqlite', path: path.resolve(file) };
  }
  if (url.protocol === 'mysql:' || url.protocol === 'mariadb:') {
    const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
    if (!database) throw new ConfigError('DATABASE_URL', 'must name a database (mysql://user:pass@host:port/DATABASE)');
    if (!url.hostname) throw new ConfigError('DATABASE_URL', 'must name a host');
    const port = url.port ? Number(url.port) : 3306;
    url.protocol = 'mysql:';
    return { type: 'mysql', url: url.toString(), host: url.hostname, port, database };
  }
  throw new ConfigError('DATABASE_URL', `has an unknown scheme "${url.protocol.replace(/:$/, '')}" (use mysql:// or sqlite://)`);
}

function parsePositiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) throw new ConfigError(name, `must be a positive whole number (got "${raw}")`);
  return Number(raw);
}

/** Like parsePositiveInt, 0 allowed. */
function parseWholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number (got "${raw}")`);
  return Number(raw);
}

function parseHour(env: NodeJS.ProcessEnv, name: string, fallback: number): number | null {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (raw === 'off') return null;
  if (!/^\d{1,2}$/.test(raw) || Number(raw) > 23)
    throw new ConfigError(name, `must be an hour from 0 to 23 or "off" (got "${raw}")`);
  return Number(raw);
}

/**
 * The demo's legal identifiers, bank and logo: used only while the variable is unset (`npm start` on
 * the demo data); a deployment passes it through, empty when the company has none, and then prints none.
 */
const DEMO_LEGAL_IDS = 'RCCM TG-LOM 2019 B 01234; NIF 1000123456';
const DEMO_BANK_DETAILS = 'Banque : Ecobank Togo; IBAN : TG53 TG05 5010 0112 3456 7890 12; BIC : ECOCTGTG';
const DEMO_LOGO = new URL('../../seed/data/demo-logo.png', import.meta.url).pathname;

function parseList(env: NodeJS.ProcessEnv, name: string, demo: string): string[] {
  return (env[name] ?? demo)
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean);
}

function parseTaxRate(env: NodeJS.ProcessEnv): number {
  const raw = env.DEFAULT_TAX_RATE_BP?.trim();
  if (!raw) return 1800;
  if (!/^\d+$/.test(raw) || Number(raw) > 10_000) {
    throw new ConfigError('DEFAULT_TAX_RATE_BP', `must be basis points from 0 to 10000, e.g. 1800 for 18 % (got "${raw}")`);
  }
  return Number(raw);
}

function parseLogo(env: NodeJS.ProcessEnv): string | undefined {
  if (env.COMPANY_LOGO === undefined) return DEMO_LOGO;
  const raw = env.COMPANY_LOGO.trim();
  if (!raw) return undefined;
  if (!/\.(png|jpe?g)$/i.test(raw)) throw new ConfigError('COMPANY_LOGO', `must be a .png or .jpg file (got "${raw}")`);
  return path.resolve(raw);
}

function parseRateLimitFactor(env: NodeJS.ProcessEnv): number {
  const raw = env.RATE_LIMIT_FACTOR?.trim();
  if (!raw) return 1;
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) <= 0) {
    throw new ConfigError('RATE_LIMIT_FACTOR', `must be a positive number (got "${raw}")`);
  }
  return Number(raw);
}

function parseBool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false (got "${raw}")`);
}

/** SITE_BUILDER, or its older name BUILD_SITE_ON_BOOT; both set to different values is a mistake. */
function parseSiteBuilder(env: NodeJS.ProcessEnv): boolean {
  const builder = env.SITE_BUILDER?.trim() ? parseBool(env, 'SITE_BUILDER', true) : undefined;
  const onBoot = env.BUILD_SITE_ON_BOOT?.trim() ? parseBool(env, 'BUILD_SITE_ON_BOOT', true) : undefined;
  if (builder !== undefined && onBoot !== undefined && builder !== onBoot) {
    throw new ConfigError(
      'SITE_BUILDER',
      `contradicts BUILD_SITE_ON_BOOT (${env.SITE_BUILDER} vs ${env.BUILD_SITE_ON_BOOT}); set only SITE_BUILDER`,
    );
  }
  return builder ?? onBoot ?? true;
}

function parseUrl(env: NodeJS.ProcessEnv, name: string, fallback?: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(name, `is not a valid URL (got "${raw}")`);
  }
}

function parseStorage(env: NodeJS.ProcessEnv, storageDir: string): StorageConfig {
  const publicUrl = parseUrl(env, 'STORAGE_PUBLIC_URL');
  const raw = env.STORAGE_URL?.trim();
  if (!raw) return { driver: 'local', dir: storageDir, publicUrl };
  const match = /^s3:\/\/([A-Za-z0-9][A-Za-z0-9._-]{1,254})(?:\/(.*))?$/.exec(raw);
  if (!match) {
    throw new ConfigError('STORAGE_URL', `must be s3://bucket or s3://bucket/prefix, or unset for local disk (got "${raw}")`);
  }
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(accessKeyId ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID', 'must be set with its pair');
  }
  return {
    driver: 's3',
    bucket: match[1]!,
    prefix: (match[2] ?? '').replace(/^\/+|\/+$/g, ''),
    region: env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim() || 'us-east-1',
    endpoint: parseUrl(env, 'AWS_ENDPOINT_URL_S3') ?? parseUrl(env, 'AWS_ENDPOINT_URL'),
    forcePathStyle: parseBool(env, 'S3_FORCE_PATH_STYLE', false),
    credentials:
      accessKeyId && secretAccessKey
        ? { accessKeyId, secretAccessKey, sessionToken: env.AWS_SESSION_TOKEN?.trim() || undefined }
        : undefined,
    publicUrl,
  };
}

function parseSiteBucket(env: NodeJS.ProcessEnv): Extract<StorageConfig, { driver: 's3' }> | undefined {
  const raw = env.SITE_BUCKET_URL?.trim();
  if (!raw) return undefined;
  try {
    const parsed = parseStorage({ ...env, STORAGE_URL: raw, STORAGE_PUBLIC_URL: '' }, '');
    return parsed.driver === 's3' ? parsed : undefined;
  } catch (error) {
    if (error instanceof ConfigError && error.variable === 'STORAGE_URL') {
      throw new ConfigError('SITE_BUCKET_URL', `must be s3://bucket or s3://bucket/prefix (got "${raw}")`);
    }
    throw error;
  }
}

/**
 * A deployment passes these through (compose writes `COMPANY_NAME: ${COMPANY_NAME:-}`): set but empty in
 * production, the live site would show the demo company and its fake phone numbers. Unset, as in
 * `npm start` on the demo data, the demo values stay.
 */
const REQUIRED_COMPANY_DETAILS = ['COMPANY_NAME', 'COMPANY_EMAIL', 'COMPANY_PHONES', 'COMPANY_ADDRESS'];

function requireCompanyDetails(env: NodeJS.ProcessEnv): void {
  for (const name of REQUIRED_COMPANY_DETAILS) {
    const raw = env[name];
    if (raw !== undefined && !raw.replace(/[\s,]/g, '')) {
      throw new ConfigError(name, 'is empty: set it (in production an empty value would show the demo company on the site)');
    }
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = parsePort(env);
  const dataDir = path.resolve(env.DATA_DIR?.trim() || path.join(process.cwd(), 'data'));
  const database = parseDatabase(env, dataDir);

  const domain = (env.COMPANY_EMAIL_DOMAIN?.trim() || 'comptoir.example').toLowerCase().replace(/^@/, '');
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) {
    throw new ConfigError('COMPANY_EMAIL_DOMAIN', `is not a domain name (got "${domain}")`);
  }
  const adminEmail = env.ADMIN_EMAIL?.trim().toLowerCase() || undefined;
  if (adminEmail && !adminEmail.endsWith(`@${domain}`)) {
    throw new ConfigError('ADMIN_EMAIL', `must be an address of the company domain @${domain} (got "${adminEmail}")`);
  }
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be at least 8 characters long');
  }
  const smtpUrl = parseSmtpUrl(env);
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  if (nodeEnv === 'production') requireCompanyDetails(env);
  const companyEmail = env.COMPANY_EMAIL?.trim() || `contact@${domain}`;

  return {
    env: nodeEnv,
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir,
    storageDir: path.join(dataDir, 'storage'),
    storage: parseStorage(env, path.join(dataDir, 'storage')),
    outboxDir: path.join(dataDir, 'outbox'),
    database,
    adminEmail,
    adminPassword,
    companyEmailDomain: domain,
    siteUrl: parseUrl(env, 'SITE_URL', `http://localhost:${port}`)!,
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || `Comptoir <no-reply@${domain}>`,
    company: {
      name: env.COMPANY_NAME?.trim() || 'Comptoir Industriel du Togo',
      email: companyEmail,
      phones: (env.COMPANY_PHONES?.trim() || '+228 90 00 00 01,+228 22 00 00 02')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
      address: env.COMPANY_ADDRESS?.trim() || 'Lomé-Togo, Agoe Cacaveli',
      mapQuery: env.COMPANY_MAP_QUERY?.trim() || 'Agoe Cacaveli, Lomé, Togo',
      whatsapp: parseWhatsapp(env),
      legalIds: parseList(env, 'COMPANY_LEGAL_IDS', DEMO_LEGAL_IDS),
      logoPath: parseLogo(env),
      bankDetails: parseList(env, 'COMPANY_BANK_DETAILS', DEMO_BANK_DETAILS),
    },
    taxes: {
      defaultRateBp: parseTaxRate(env),
      pricesIncludeTax: parseBool(env, 'PRICES_INCLUDE_TAX', false),
    },
    statusMailDelaySeconds: parseWholeNumber(env, 'STATUS_MAIL_DELAY_SECONDS', 10),
    quotes: {
      validityDays: parsePositiveInt(env, 'QUOTE_VALIDITY_DAYS', 30),
      holdDays: parsePositiveInt(env, 'ORDER_HOLD_DAYS', 14),
      provisionalHoldHours: parsePositiveInt(env, 'PROVISIONAL_HOLD_HOURS', 4),
      maxHoldUnits: parsePositiveInt(env, 'ORDER_MAX_HOLD_UNITS', 20),
      maxHeldUnitsPerDay: parsePositiveInt(env, 'ORDER_MAX_HELD_UNITS_PER_DAY', 100),
      invoicePaymentDays: parsePositiveInt(env, 'INVOICE_PAYMENT_DAYS', 30),
      invoiceReminderDays: env.INVOICE_REMINDER_DAYS?.trim() ? parsePositiveInt(env, 'INVOICE_REMINDER_DAYS', 1) : null,
    },
    dashboardDist: path.resolve(env.DASHBOARD_DIST?.trim() || path.join(repoRoot, 'dashboard/dist')),
    siteSourceDir: path.resolve(env.SITE_SOURCE_DIR?.trim() || path.join(repoRoot, 'site')),
    siteDir: path.resolve(env.SITE_DIR?.trim() || path.join(dataDir, 'site')),
    buildSiteOnBoot: parseSiteBuilder(env),
    publishLockTtlMs: parsePositiveInt(env, 'PUBLISH_LOCK_TTL_MS', 20_000),
    siteBucket: parseSiteBucket(env),
    seedOnEmpty: parseBool(env, 'SEED_ON_EMPTY', true),
    siteDeployHookUrl: parseUrl(env, 'SITE_DEPLOY_HOOK_URL'),
    siteBuildTimeoutMs: parsePositiveInt(env, 'SITE_BUILD_TIMEOUT_MS', 10 * 60_000),
    shutdownTimeoutMs: parsePositiveInt(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    workerThreads: parsePositiveInt(env, 'WORKER_THREADS', defaultWorkerThreads()),
    minFreeDiskMb: parsePositiveInt(env, 'MIN_FREE_DISK_MB', 100),
    logLevel: parseLogLevel(env, nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: parseBool(env, 'TRUST_PROXY', false),
    compressAnswers: parseBool(env, 'COMPRESS_ANSWERS', true),
    rateLimitFactor: parseRateLimitFactor(env),
    auditRetentionDays: parsePositiveInt(env, 'AUDIT_RETENTION_DAYS', 365),
    lowStockThreshold: parsePositiveInt(env, 'LOW_STOCK_THRESHOLD', 5),
    stockDigestHour: parseHour(env, 'STOCK_DIGEST_HOUR', 7),
    logSql: parseBool(env, 'LOG_SQL', false),
    ...parseOperations(env),
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parseLogLevel(env: NodeJS.ProcessEnv, fallback: string): string {
  const raw = env.LOG_LEVEL?.trim().toLowerCase();
  if (!raw) return fallback;
  if (!LOG_LEVELS.includes(raw)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got "${raw}")`);
  return raw;
}

function parseSmtpUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return undefined;
  if (!/^smtps?:\/\//i.test(raw)) throw new ConfigError('SMTP_URL', `must start with smtp:// or smtps:// (got "${redact(raw)}")`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL', `is not a valid URL (got "${redact(raw)}")`);
  }
  if (!url.hostname)
    throw new ConfigError(
      'SMTP_URL',
      `must name the mail server's host, e.g. smtp://user:pass@mail.example:587 (got "${redact(raw)}")`,
    );
  if (url.port && (Number(url.port) < 1 || Number(url.port) > 65535))
    throw new ConfigError('SMTP_URL', `has an invalid port (got "${url.port}")`);
  return raw;
}

/** An URL as it may appear in an error line: without its password. */
function redact(raw: string): string {
  return raw.replace(/\/\/([^:/@\s]*):[^@/\s]*@/, '//$1:***@');
}

function parseOperations(env: NodeJS.ProcessEnv) {
  const format = env.LOG_FORMAT?.trim().toLowerCase() || 'auto';
  if (!['auto', 'pretty', 'json'].includes(format))
    throw new ConfigError('LOG_FORMAT', `must be auto, pretty or json (got "${format}")`);
  const metricsToken = env.METRICS_TOKEN?.trim() || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16)
    throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters long');
  const twoFactorKey = env.TWO_FACTOR_KEY?.trim() || undefined;
  if (twoFactorKey !== undefined && twoFactorKey.length < 32)
    throw new ConfigError('TWO_FACTOR_KEY', 'must be at least 32 characters long');
  const mailRetentionDays = parsePositiveInt(env, 'MAIL_RETENTION_DAYS', 90);
  return {
    twoFactorKey,
    logFormat: format === 'auto' ? (process.stdout.isTTY ? 'pretty' : 'json') : (format as 'pretty' | 'json'),
    metricsToken,
    mailRetentionDays,
    mailBodyRetentionDays: Math.min(parsePositiveInt(env, 'MAIL_BODY_RETENTION_DAYS', 7), mailRetentionDays),
    publishChangesRetentionDays: parsePositiveInt(env, 'PUBLISH_CHANGES_RETENTION_DAYS', 30),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
