import { describe, expect, it } from '@jest/globals';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
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
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ SMTP_URL: 'smtp://' }, 'SMTP_URL'],
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
    const first = await startListening(dataDir);
    try {
      const second = boot({ DATA_DIR: dataDir, PORT: '0' });
      expect(second.status).not.toBe(0);
      expect(second.stderr.trim()).toMatch(/DATA_DIR .* already used by another Comptoir process \(pid \d+\)/);
      // Its own DATA_DIR but the same SQLite file: refused too (SQLite does not queue another process's writes).
      const sharing = boot({ DATA_DIR: tmp(), PORT: '0', DATABASE_URL: `sqlite://${path.join(dataDir, 'comptoir.sqlite')}` });
      expect(sharing.status).not.toBe(0);
      expect(sharing.stderr.trim()).toMatch(/SQLite database .* already used by another Comptoir process/);
    } finally {
      first.kill('SIGTERM');
      await exited(first);
    }
  });

  it('stops on a bad variable before loading the application, and leaves no lock behind', () => {
    const dataDir = tmp();
    const result = boot({ DATA_DIR: dataDir, LOG_LEVEL: 'verbose', NODE_DEBUG: 'esm' });
    expect(result.stderr).toContain('Invalid configuration: LOG_LEVEL');
    // NODE_DEBUG=esm traces every module load: the configuration was, Nest and TypeORM were not.
    expect(result.stderr).toContain('dist/core/config/config.js');
    expect(result.stderr).not.toMatch(/node_modules\/(@nestjs|typeorm)\//);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('finds a busy port before any migration or seed, and releases the DATA_DIR lock', async () => {
    const dataDir = tmp();
    const busy = net.createServer();
    busy.listen(0, '127.0.0.1');
    await once(busy, 'listening');
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const result = boot({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
      expect(result.status).not.toBe(0);
      expect(result.stderr.trim()).toBe(`PORT ${port} is already in use; set PORT to a free port`);
      expect(fs.existsSync(path.join(dataDir, 'comptoir.sqlite'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'comptoir.lock'))).toBe(false);
    } finally {
      busy.close();
    }
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('releases the DATA_DIR lock on %s', async (signal) => {
    const dataDir = tmp();
    const server = await startListening(dataDir);
    expect(fs.existsSync(path.join(dataDir, 'comptoir.lock'))).toBe(true);
    server.kill(signal);
    await exited(server);
    expect(fs.existsSync(path.join(dataDir, 'comptoir.lock'))).toBe(false);
  });

  it('takes over at once the lock of a process that was killed outright', async () => {
    const dataDir = tmp();
    const first = await startListening(dataDir);
    first.kill('SIGKILL');
    await exited(first);
    expect(fs.existsSync(path.join(dataDir, 'comptoir.lock'))).toBe(true);
    const second = await startListening(dataDir);
    const owner = JSON.parse(fs.readFileSync(path.join(dataDir, 'comptoir.lock/owner.json'), 'utf8'));
    expect(owner.pid).toBe(second.pid);
    second.kill('SIGTERM');
    await exited(second);
  });

  // On the throw-away MariaDB of the run: a database user without the privileges Comptoir needs.
  const onMariaDb = process.env.TEST_DB === 'mariadb' && process.env.TEST_MARIADB_URL ? it : it.skip;
  onMariaDb.each([
    ['SELECT', /lacks the database privileges INSERT, UPDATE, DELETE/],
    ['SELECT, INSERT, UPDATE, DELETE', /lacks a database privilege: CREATE command denied/],
  ])('names the missing database privileges of a user granted only %s', async (grants, expected) => {
    const mysql = await import('mysql2/promise');
    const admin = await mysql.createConnection({ uri: process.env.TEST_MARIADB_URL! });
    const name = `comptoir_priv_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
    try {
      await admin.query(`CREATE DATABASE \`${name}\``);
      await admin.query(`CREATE USER '${name}'@'%' IDENTIFIED BY 'secret-pass'`);
      await admin.query(`GRANT ${grants} ON \`${name}\`.* TO '${name}'@'%'`);
      const url = new URL(process.env.TEST_MARIADB_URL!);
      url.username = name;
      url.password = 'secret-pass';
      url.pathname = `/${name}`;
      const result = boot({ DATA_DIR: tmp(), DATABASE_URL: url.toString(), SEED_ON_EMPTY: 'false' });
      expect(result.status).not.toBe(0);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('DATABASE_URL');
      expect(lines[0]).toMatch(expected);
    } finally {
      await admin.query(`DROP USER IF EXISTS '${name}'@'%'`);
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    }
  });

  it('logs a few lines at boot and one short line per request, with the client IP and the request id', async () => {
    const server = await startListening(tmp(), { TRUST_PROXY: 'true' });
    const base = `http://127.0.0.1:${server.port}`;
    try {
      const answer = await fetch(`${base}/api/nowhere?x=1`, {
        headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Request-Id': 'from-the-proxy-42', 'User-Agent': 'boot-test' },
      });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('x-request-id')).toBe('from-the-proxy-42');
      await fetch(`${base}/api/health/live`);
      await fetch(`${base}/api/health/ready`);
      // The request line is written when the answer is finished: wait for it, not for time.
      while (!server.output().includes('from-the-proxy-42')) await new Promise((r) => setTimeout(r, 50));
    } finally {
      server.kill('SIGTERM');
      await exited(server);
    }
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, any>);
    const boot = lines.slice(0, lines.findIndex((l) => String(l.msg).startsWith('Comptoir listening')) + 1);
    expect(boot.length).toBeLessThan(12);
    expect(lines.filter((l) => /Mapped \{/.test(String(l.msg)))).toEqual([]);

    const line = lines.find((l) => l.req?.id === 'from-the-proxy-42')!;
    expect(line).toMatchObject({
      level: 30,
      msg: 'GET /api/nowhere 404 ' + line.responseTime + ' ms',
      ip: '203.0.113.9',
      req: { id: 'from-the-proxy-42', method: 'GET', path: '/api/nowhere', headers: { 'user-agent': 'boot-test' } },
      res: { statusCode: 404 },
    });
    expect(typeof line.responseTime).toBe('number');
    expect(JSON.stringify(line).length).toBeLessThan(700);
    expect(JSON.stringify(line)).not.toMatch(/content-security-policy|strict-transport/i);
    // Probes are not logged at info.
    expect(lines.filter((l) => /\/api\/health/.test(String(l.req?.path ?? '')) && l.level >= 30)).toEqual([]);
  });
});

/** Starts the built server on a free port and resolves once it listens. */
async function startListening(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ChildProcess & { stdout: NodeJS.ReadableStream; output: () => string; port: number }> {
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      BUILD_SITE_ON_BOOT: 'false',
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let port = 0;
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Comptoir listening on http:\/\/localhost:(\d+)/.exec(output);
      if (listening) {
        port = Number(listening[1]);
        resolve();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${output}`)));
  });
  return Object.assign(child, { output: () => output, port }) as ChildProcess & {
    stdout: NodeJS.ReadableStream;
    output: () => string;
    port: number;
  };
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await once(child, 'exit');
}
