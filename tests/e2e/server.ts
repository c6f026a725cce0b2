// Starts the real Comptoir process (the same entry as `npm start`) for browser tests and tools.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const E2E_ADMIN = { email: 'admin@comptoir.example', password: 'Motdepasse-Admin-2024' };
const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startServer(env: Record<string, string> = {}, waitForSite = true): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-e2e-'));
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, [path.join(root, 'api/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      COMPANY_EMAIL_DOMAIN: 'comptoir.example',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SITE_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      // A status change's undo window, long enough that a browser test never races it.
      STATUS_MAIL_DELAY_SECONDS: '60',
      ...env,
    },
  });
  const baseUrl = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise<void>((resolve) => {
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
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `server exited with ${child.exitCode}: ${fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8').slice(-3000)}`,
      );
    }
    try {
      const res = await fetch(waitForSite ? `${baseUrl}/` : `${baseUrl}/api/health`);
      if (res.ok) return { baseUrl, dataDir, child, stop };
      if (waitForSite) {
        const health = (await fetch(`${baseUrl}/api/health`).then((r) => r.json())) as {
          site?: { state?: string; error?: string };
        };
        if (health.site?.state === 'failed') {
          await stop();
          throw new Error(`site build failed: ${health.site.error}`);
        }
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('site build failed')) throw error;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('server did not become ready within 5 minutes');
}
