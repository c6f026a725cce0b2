import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from './config.js';

/**
 * docker/compose.yaml and docker/.env.example against README's configuration table: an operator who
 * sets a documented variable in docker/.env must see it reach the app.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

function readmeVariables(): Set<string> {
  const readme = read('README.md');
  const section = readme.slice(
    readme.indexOf('\n## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('\n## Configuration') + 1),
  );
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const first = line.split('|')[1]!;
    for (const [, name] of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(name!);
  }
  return names;
}

const compose = parse(read('docker/compose.yaml'), { merge: true }) as {
  services: Record<
    string,
    { image?: string; environment?: Record<string, string>; stop_grace_period?: string; depends_on?: unknown }
  >;
};
const appEnv = compose.services.app1!.environment!;
const envExample = new Set(
  read('docker/.env.example')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((name): name is string => Boolean(name)),
);
const interpolated = new Set([...read('docker/compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!));
/** Compose's own settings, not the app's. */
const COMPOSE_ONLY = ['DB_PASSWORD', 'HTTP_PORT', 'COMPOSE_PROFILES'];
/** Documented, but the image's own value is the only right one. */
const IMAGE_FIXED = ['SITE_SOURCE_DIR'];
/** Fixed by compose.yaml because the topology depends on them (volumes, nginx, the database service). */
const TOPOLOGY_FIXED = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'SITE_DIR',
  'DATABASE_URL',
  'TRUST_PROXY',
  'COMPRESS_ANSWERS',
  'SEED_ON_EMPTY',
  'SITE_BUILDER',
];

describe('deployment files against README: Configuration', () => {
  const documented = readmeVariables();

  it('reads the table', () => {
    expect(documented.size).toBeGreaterThan(40);
    expect(documented).toContain('METRICS_TOKEN');
    expect(documented).toContain('AWS_SECRET_ACCESS_KEY');
  });

  it('compose gives both replicas every documented variable', () => {
    for (const service of ['app1', 'app2']) {
      const env = compose.services[service]!.environment!;
      const missing = [...documented].filter((name) => !(name in env) && !IMAGE_FIXED.includes(name));
      expect({ service, missing }).toEqual({ service, missing: [] });
    }
    const unknown = Object.keys(appEnv).filter((name) => !documented.has(name));
    expect(unknown).toEqual([]);
  });

  it('passes through from docker/.env every variable it does not fix, and .env.example lists each', () => {
    const fixedHere = Object.keys(appEnv).filter((name) => !String(appEnv[name]).includes(`\${${name}`));
    expect(fixedHere.sort()).toEqual([...TOPOLOGY_FIXED].sort());
    const passed = Object.keys(appEnv).filter((name) => !TOPOLOGY_FIXED.includes(name));
    expect(passed.filter((name) => !envExample.has(name))).toEqual([]);
    // And nothing in .env.example that compose never reads.
    expect([...envExample].filter((name) => !interpolated.has(name) && name !== 'COMPOSE_PROFILES')).toEqual([]);
    expect([...envExample].filter((name) => !documented.has(name) && !COMPOSE_ONLY.includes(name))).toEqual([]);
  });

  it('documents every variable config.ts reads', () => {
    const source = read('api/src/core/config/config.ts');
    const read_ = new Set(
      [...source.matchAll(/env(?:\.|\[')([A-Z][A-Z0-9_]+)|\(env, '([A-Z][A-Z0-9_]+)'/g)].map((m) => (m[1] ?? m[2])!),
    );
    // NODE_ENV is the runtime's; the others are aliases or the AWS SDK's own alternatives.
    const undocumented = [
      'NODE_ENV',
      'BUILD_SITE_ON_BOOT',
      'DASHBOARD_DIST',
      'AWS_DEFAULT_REGION',
      'AWS_ENDPOINT_URL_S3',
      'AWS_SESSION_TOKEN',
    ];
    expect([...read_].filter((name) => !documented.has(name) && !undocumented.includes(name))).toEqual([]);
    expect(documented).toContain('BACKUP_KEY');
  });

  it('starts on what compose passes for an unset variable (an empty string), and refuses empty company details', () => {
    const empty = Object.fromEntries(Object.keys(appEnv).map((name) => [name, '']));
    const env = {
      ...empty,
      NODE_ENV: 'production',
      DATA_DIR: '/data',
      DATABASE_URL: 'mysql://comptoir:secret@db:3306/comptoir',
      SITE_URL: 'https://www.example.tg',
      COMPANY_EMAIL_DOMAIN: 'example.tg',
      COMPANY_NAME: 'Société Exemple SARL',
      COMPANY_EMAIL: 'contact@example.tg',
      COMPANY_PHONES: '+228 90 12 34 56',
      COMPANY_ADDRESS: 'Lomé, Togo',
    };
    const config = loadConfig(env);
    expect(config.logLevel).toBe('info');
    expect(config.shutdownTimeoutMs).toBe(10_000);
    expect(config.company.name).toBe('Société Exemple SARL');
    for (const name of ['COMPANY_NAME', 'COMPANY_EMAIL', 'COMPANY_PHONES', 'COMPANY_ADDRESS']) {
      const attempt = () => loadConfig({ ...env, [name]: ' ' });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(new RegExp(`^Invalid configuration: ${name} is empty: set it`));
    }
    // Outside production, and unset (npm start on the demo data), the demo company stays.
    expect(loadConfig({ ...env, NODE_ENV: 'development', COMPANY_NAME: '' }).company.name).toBe('Comptoir Industriel du Togo');
    const { COMPANY_NAME: _unset, ...withoutName } = env;
    void _unset;
    expect(loadConfig(withoutName).company.name).toBe('Comptoir Industriel du Togo');
  });

  it('pins every image, waits for the bucket when the s3 profile is on, and gives stops 30 s', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.image || name === 'app1' || name === 'app2' || name === 'web') continue;
      expect({ name, image: service.image }).toEqual({
        name,
        image: expect.stringMatching(/:(\d+\.\d+\.\d+|RELEASE\.[0-9T-]+Z)$/),
      });
    }
    for (const service of ['app1', 'app2']) {
      expect(compose.services[service]!.stop_grace_period).toBe('30s');
      expect(compose.services[service]!.depends_on).toMatchObject({
        'minio-bucket': { condition: 'service_completed_successfully', required: false },
      });
    }
  });
});
