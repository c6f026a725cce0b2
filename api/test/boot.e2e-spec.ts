import { describe, expect, it } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The real entry point of `npm start` (built by the test runner before jest runs).
const root = path.resolve(import.meta.dirname, '../..');
const main = path.join(root, 'api/dist/main.js');
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-boot-'));

function boot(env: Record<string, string>) {
  return spawnSync(process.execPath, [main], {
    env: { PATH: process.env.PATH, BUILD_SITE_ON_BOOT: 'false', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 150_000,
  });
}

describe('starting Comptoir', () => {
  it.each([
    [{ PORT: 'douze' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://u:p@localhost/db' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://u:p@127.0.0.1:1/comptoir' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'admin@gmail.com' }, 'ADMIN_EMAIL'],
  ])('stops on %j with one line naming %s and no stack', (env, variable) => {
    const result = boot({ DATA_DIR: tmp(), ...env });
    expect(result.status).not.toBe(0);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(variable);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a second start on the same DATA_DIR while the first runs', async () => {
    const dataDir = tmp();
    const first = spawn(process.execPath, [main], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: '0',
        BUILD_SITE_ON_BOOT: 'false',
        SEED_ON_EMPTY: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('first start did not listen')), 30_000);
        first.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('Comptoir listening')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      const second = boot({ DATA_DIR: dataDir, PORT: '0' });
      expect(second.status).not.toBe(0);
      expect(second.stderr.trim()).toMatch(/DATA_DIR .* already used by another Comptoir process/);
      // Its own DATA_DIR but the same SQLite file: refused too (SQLite does not queue another process's writes).
      const sharing = boot({ DATA_DIR: tmp(), PORT: '0', DATABASE_URL: `sqlite://${path.join(dataDir, 'comptoir.sqlite')}` });
      expect(sharing.status).not.toBe(0);
      expect(sharing.stderr.trim()).toMatch(/SQLite database .* already used by another Comptoir process/);
    } finally {
      first.kill('SIGTERM');
    }
  }, 60_000);
});
