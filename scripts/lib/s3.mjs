// A throw-away S3-compatible server for tests and tools (the npm package s3rver, pure Node): its own
// data folder, a loopback port, one bucket, the credentials s3rver accepts. Runs in a child process,
// like the throw-away MariaDB, so it outlives nothing and any process (jest, a stage script, the
// Comptoir processes it serves) can use it.
//
//   import { startS3Server } from './scripts/lib/s3.mjs';
//   const s3 = await startS3Server();            // { endpoint, bucket, url, env, dir, stop() }
//   spawn('node', ['api/dist/main.js'], { env: { ...process.env, ...s3.env } });
//   // s3.env = { STORAGE_URL: 's3://comptoir/uploads', AWS_ENDPOINT_URL, AWS_REGION,
//   //            AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE: 'true' }
//   await s3.stop();
//
// From a shell: node --input-type=module -e "const m=await import('$PWD/scripts/lib/s3.mjs');
//   const s=await m.startS3Server(); console.log(JSON.stringify(s.env)); setInterval(()=>{},1e9)"
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The child: s3rver on an ephemeral loopback port, the bucket created before it answers, its port on stdout.
const SERVER = `
const S3rver = require(process.env.S3RVER_MODULE);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(process.env.S3RVER_PORT || 0),
  silent: true,
  directory: process.env.S3RVER_DIR,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET, configs: [] }],
  // Clients may sign for another region name: the signature is checked for form, not region.
  allowMismatchedSignatures: true,
  vhostBuckets: false,
});
server.run().then((address) => {
  const port = address && address.port ? address.port : server.httpServer && server.httpServer.address().port;
  process.stdout.write('S3RVER_PORT=' + port + '\\n');
}, (error) => { console.error(error); process.exit(1); });
process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));
process.on('disconnect', () => process.exit(0));
`;

/**
 * Starts s3rver on 127.0.0.1 with one bucket (default "comptoir"). `env` is what a Comptoir process
 * needs to store its uploads there under `prefix` (default "uploads").
 */
export async function startS3Server({ bucket = 'comptoir', prefix = 'uploads', port = 0 } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-s3-'));
  const child = spawn(process.execPath, ['-e', SERVER], {
    cwd: repoRoot,
    env: {
      ...process.env,
      S3RVER_MODULE: path.join(repoRoot, 'node_modules', 's3rver'),
      S3RVER_DIR: dir,
      S3RVER_BUCKET: bucket,
      S3RVER_PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const actualPort = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /S3RVER_PORT=(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}): ${stderr.slice(-2000)}`)));
    child.once('error', reject);
  });
  child.stdout.resume();
  const endpoint = `http://127.0.0.1:${actualPort}`;
  const env = {
    STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
    AWS_ENDPOINT_URL: endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { endpoint, url: endpoint, port: actualPort, bucket, prefix, env, dir, stop };
}
