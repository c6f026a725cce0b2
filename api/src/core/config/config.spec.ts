import { describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config.js';

const expectConfigError = (env: NodeJS.ProcessEnv, variable: string) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as Error).message).toContain(variable);
    expect((error as Error).message).not.toContain('\n');
    return;
  }
  throw new Error(`expected a ConfigError naming ${variable}`);
};

describe('configuration', () => {
  it('gives a working SQLite demo with no variable set', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/comptoir-x' });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ type: 'sqlite', path: '/tmp/comptoir-x/comptoir.sqlite' });
    expect(config.companyEmailDomain).toBe('comptoir.example');
    expect(config.outboxDir).toBe('/tmp/comptoir-x/outbox');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.siteUrl).toBe('http://localhost:3000');
  });

  it('reads the quote and invoice settings: validity, hold, payment terms, reminders, legal identifiers, logo', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/comptoir-x' }).quotes).toEqual({
      validityDays: 30,
      holdDays: 14,
      provisionalHoldHours: 4,
      maxHoldUnits: 20,
      maxHeldUnitsPerDay: 100,
      invoicePaymentDays: 30,
      // Reminders of overdue invoices are off unless the deployment asks for them.
      invoiceReminderDays: null,
    });
    expect(
      loadConfig({ DATA_DIR: '/tmp/comptoir-x', INVOICE_PAYMENT_DAYS: '45', INVOICE_REMINDER_DAYS: '7' }).quotes,
    ).toMatchObject({ invoicePaymentDays: 45, invoiceReminderDays: 7 });
    const config = loadConfig({
      DATA_DIR: '/tmp/comptoir-x',
      QUOTE_VALIDITY_DAYS: '45',
      ORDER_HOLD_DAYS: '7',
      COMPANY_LEGAL_IDS: 'RCCM TG-LOM 2020 B 1234 ; NIF 1000123456;',
      COMPANY_LOGO: '/srv/logo.png',
    });
    expect(config.quotes).toMatchObject({ validityDays: 45, holdDays: 7 });
    expect(config.company.legalIds).toEqual(['RCCM TG-LOM 2020 B 1234', 'NIF 1000123456']);
    expect(config.company.logoPath).toBe('/srv/logo.png');
  });

  it('prints the demo legal identifiers, bank and logo while unset, and none once a deployment passes them empty', () => {
    const demo = loadConfig({ DATA_DIR: '/tmp/comptoir-x' });
    expect(demo.company.legalIds).toEqual(['RCCM TG-LOM 2019 B 01234', 'NIF 1000123456']);
    expect(demo.company.bankDetails[0]).toBe('Banque : Ecobank Togo');
    expect(existsSync(demo.company.logoPath!)).toBe(true);
    expect(demo.taxes).toEqual({ defaultRateBp: 1800, pricesIncludeTax: false });
    const deployed = loadConfig({
      DATA_DIR: '/tmp/comptoir-x',
      COMPANY_LEGAL_IDS: '',
      COMPANY_BANK_DETAILS: '',
      COMPANY_LOGO: '',
    });
    expect(deployed.company).toMatchObject({ legalIds: [], bankDetails: [], logoPath: undefined });
    const ttc = loadConfig({ DATA_DIR: '/tmp/comptoir-x', DEFAULT_TAX_RATE_BP: '0', PRICES_INCLUDE_TAX: 'true' });
    expect(ttc.taxes).toEqual({ defaultRateBp: 0, pricesIncludeTax: true });
  });

  it('reads a MySQL/MariaDB URL', () => {
    const config = loadConfig({ DATABASE_URL: 'mysql://shop:secret@db.internal:3307/comptoir' });
    expect(config.database).toMatchObject({ type: 'mysql', host: 'db.internal', port: 3307, database: 'comptoir' });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://u:p@h/db' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://u:p@host:3306/' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'boss@gmail.com', COMPANY_EMAIL_DOMAIN: 'comptoir.example' }, 'ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ COMPANY_EMAIL_DOMAIN: 'not a domain' }, 'COMPANY_EMAIL_DOMAIN'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SITE_URL: '::' }, 'SITE_URL'],
    [{ BUILD_SITE_ON_BOOT: 'maybe' }, 'BUILD_SITE_ON_BOOT'],
    [{ QUOTE_VALIDITY_DAYS: '0' }, 'QUOTE_VALIDITY_DAYS'],
    [{ ORDER_HOLD_DAYS: 'deux' }, 'ORDER_HOLD_DAYS'],
    [{ COMPANY_LOGO: '/srv/logo.svg' }, 'COMPANY_LOGO'],
    [{ DEFAULT_TAX_RATE_BP: '18%' }, 'DEFAULT_TAX_RATE_BP'],
    [{ DEFAULT_TAX_RATE_BP: '10001' }, 'DEFAULT_TAX_RATE_BP'],
    [{ PRICES_INCLUDE_TAX: 'TTC' }, 'PRICES_INCLUDE_TAX'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ SMTP_URL: 'smtp://' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://user:secret@' }, 'SMTP_URL'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ TWO_FACTOR_KEY: 'too-short-for-a-key' }, 'TWO_FACTOR_KEY'],
    [{ MAIL_RETENTION_DAYS: '0' }, 'MAIL_RETENTION_DAYS'],
    [{ SITE_BUILDER: 'maybe' }, 'SITE_BUILDER'],
    [{ SITE_BUILDER: 'false', BUILD_SITE_ON_BOOT: 'true' }, 'SITE_BUILDER'],
    [{ PUBLISH_LOCK_TTL_MS: '0' }, 'PUBLISH_LOCK_TTL_MS'],
    [{ SITE_BUCKET_URL: 'https://cdn.example/site' }, 'SITE_BUCKET_URL'],
  ])('refuses %j naming %s', (env, variable) => expectConfigError(env, variable));

  it('never repeats an SMTP password in its error', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://user:secret@' })).toThrow(/^(?!.*secret)/);
  });

  it('reads the operations settings', () => {
    const config = loadConfig({
      LOG_LEVEL: 'DEBUG',
      LOG_FORMAT: 'json',
      METRICS_TOKEN: 'a-long-enough-token',
      MAIL_RETENTION_DAYS: '30',
    });
    expect(config).toMatchObject({
      logLevel: 'debug',
      logFormat: 'json',
      metricsToken: 'a-long-enough-token',
      mailRetentionDays: 30,
      mailBodyRetentionDays: 7,
    });
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587' }).smtpUrl).toBe('smtp://mail.example:587');
  });

  it('keeps the built site apart from the per-process data folder when SITE_DIR is set', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/a' }).siteDir).toBe('/tmp/a/site');
    expect(loadConfig({ DATA_DIR: '/tmp/a', SITE_DIR: '/srv/site' }).siteDir).toBe('/srv/site');
    expect(loadConfig({ SITE_BUILDER: 'false' }).buildSiteOnBoot).toBe(false);
    expect(loadConfig({ BUILD_SITE_ON_BOOT: 'false' }).buildSiteOnBoot).toBe(false);
    expect(loadConfig({}).buildSiteOnBoot).toBe(true);
  });
  it('keeps uploads on the local disk without STORAGE_URL, in a bucket with s3://bucket/prefix', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/comptoir-x' }).storage).toEqual({
      driver: 'local',
      dir: '/tmp/comptoir-x/storage',
      publicUrl: undefined,
    });
    const s3 = loadConfig({
      STORAGE_URL: 's3://comptoir-media/prod/uploads/',
      AWS_ENDPOINT_URL: 'http://minio.internal:9000',
      AWS_REGION: 'eu-west-3',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      STORAGE_PUBLIC_URL: 'https://cdn.example/uploads/',
    }).storage;
    expect(s3).toEqual({
      driver: 's3',
      bucket: 'comptoir-media',
      prefix: 'prod/uploads',
      region: 'eu-west-3',
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret', sessionToken: undefined },
      publicUrl: 'https://cdn.example/uploads',
    });
  });

  it.each([
    [{ STORAGE_URL: '/srv/uploads' }, 'STORAGE_URL'],
    [{ STORAGE_URL: 'gs://bucket' }, 'STORAGE_URL'],
    [{ STORAGE_URL: 's3://bucket', AWS_ACCESS_KEY_ID: 'key' }, 'AWS_SECRET_ACCESS_KEY'],
    [{ STORAGE_URL: 's3://bucket', S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE'],
    [{ STORAGE_PUBLIC_URL: 'cdn' }, 'STORAGE_PUBLIC_URL'],
  ])('refuses the storage settings %j naming %s', (env, variable) => expectConfigError(env, variable));
});
