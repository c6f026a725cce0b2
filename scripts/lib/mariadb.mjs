// A throw-away MariaDB server for tests and tools: its own data folder, a loopback port, root
// without password (mariadb-install-db into a temporary folder, then mariadbd); starts in a few seconds.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function findBinary(names) {
  for (const name of names) {
    for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin']) {
      const full = path.join(dir, name);
      if (fs.existsSync(full)) return full;
    }
  }
  return null;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startMariaDb({ port } = {}) {
  const installDb = findBinary(['mariadb-install-db', 'mysql_install_db']);
  const daemon = findBinary(['mariadbd', 'mysqld']);
  const client = findBinary(['mariadb', 'mysql']);
  if (!installDb || !daemon || !client) throw new Error('MariaDB server is not installed (apt-get install -y mariadb-server)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-mariadb-'));
  port ??= await freePort();
  const init = spawnSync(
    installDb,
    ['--no-defaults', `--datadir=${dir}/data`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db'],
    { encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`mariadb-install-db failed: ${init.stderr || init.stdout}`);
  let child;
  const launch = async () => {
    const log = fs.openSync(path.join(dir, 'server.log'), 'a');
    child = spawn(
      daemon,
      [
        '--no-defaults',
        `--datadir=${dir}/data`,
        `--socket=${dir}/sock`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        '--user=root',
        '--skip-log-bin',
        `--pid-file=${dir}/pid`,
        '--innodb-flush-log-at-trx-commit=2',
        '--innodb-buffer-pool-size=256M',
        '--max-connections=500',
      ],
      { stdio: ['ignore', log, log] },
    );
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const ping = spawnSync(client, ['--no-defaults', '-uroot', '-h127.0.0.1', `-P${port}`, '-e', 'select 1'], {
        encoding: 'utf8',
      });
      if (ping.status === 0) return;
      if (child.exitCode !== null)
        throw new Error(`mariadbd exited: ${fs.readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('mariadbd did not answer within 30 s');
  };
  const halt = async () => {
    if (!child || child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  };
  await launch();
  const url = `mysql://root@127.0.0.1:${port}`;
  const stop = async () => {
    await halt();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const sql = (statement) =>
    spawnSync(client, ['--no-defaults', '-uroot', '-h127.0.0.1', `-P${port}`, '-e', statement], { encoding: 'utf8' });
  // halt/launch stop and restart the same server (same data, same port), for outage tests.
  return { url, port, dir, stop, sql, halt, restart: launch };
}
