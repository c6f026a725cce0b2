import path from 'node:path';

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
}

export interface AppConfig {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  storageDir: string;
  outboxDir: string;
  database: DatabaseConfig;
  adminEmail?: string;
  adminPassword?: string;
  companyEmailDomain: string;
  siteUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  company: CompanyConfig;
  /** Where the built front ends live; overridable so tests can point at fixtures. */
  dashboardDist: string;
  siteDir: string;
  /** Build the public site at boot when no release is live (off in API tests). */
  buildSiteOnBoot: boolean;
  seedOnEmpty: boolean;
  siteDeployHookUrl?: string;
  /** A site build running longer than this is killed and counts as failed (the live site stays). */
  siteBuildTimeoutMs: number;
  logLevel: string;
  trustProxy: boolean;
  /** Multiplies every public rate limit (order, contact, newsletter); tests raise or lower it. */
  rateLimitFactor: number;
  /** Activity history entries older than this many days are purged (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
  /** Stock at or below this counts as low on the dashboard home, for products without their own threshold. */
  lowStockThreshold: number;
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

function parseUrl(env: NodeJS.ProcessEnv, name: string, fallback?: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(name, `is not a valid URL (got "${raw}")`);
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
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL', `must start with smtp:// or smtps:// (got "${smtpUrl}")`);
  }
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const companyEmail = env.COMPANY_EMAIL?.trim() || `contact@${domain}`;

  return {
    env: nodeEnv,
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir,
    storageDir: path.join(dataDir, 'storage'),
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
    },
    dashboardDist: path.resolve(env.DASHBOARD_DIST?.trim() || path.join(repoRoot, 'dashboard/dist')),
    siteDir: path.resolve(env.SITE_DIR?.trim() || path.join(repoRoot, 'site')),
    buildSiteOnBoot: parseBool(env, 'BUILD_SITE_ON_BOOT', true),
    seedOnEmpty: parseBool(env, 'SEED_ON_EMPTY', true),
    siteDeployHookUrl: parseUrl(env, 'SITE_DEPLOY_HOOK_URL'),
    siteBuildTimeoutMs: parsePositiveInt(env, 'SITE_BUILD_TIMEOUT_MS', 10 * 60_000),
    logLevel: env.LOG_LEVEL?.trim() || (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: parseBool(env, 'TRUST_PROXY', false),
    rateLimitFactor: parseRateLimitFactor(env),
    auditRetentionDays: parsePositiveInt(env, 'AUDIT_RETENTION_DAYS', 365),
    lowStockThreshold: parsePositiveInt(env, 'LOW_STOCK_THRESHOLD', 5),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
