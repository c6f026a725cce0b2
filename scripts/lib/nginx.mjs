// Debian's nginx running docker/nginx.conf itself, for the scale-out test: the same file the compose
// set-up mounts, with only its addresses and paths replaced, in a throw-away prefix (its own pid file,
// logs and temp folders), on a loopback port, in the foreground of a child process.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findBinary, freePort } from './mariadb.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NGINX_CONF = path.join(repoRoot, 'docker/nginx.conf');

/**
 * docker/nginx.conf with the compose names replaced. Every replaced line must be found exactly once, so
 * that an edit of the file that the test no longer exercises fails loudly instead of passing.
 *
 * The upstream servers' `resolve` parameter (nginx >= 1.27.3; Debian 12 ships 1.22) is dropped: the
 * test's upstreams are IP addresses, with nothing to resolve, so the native run does not exercise it.
 * `nginx -t` in the web image does (the image stage).
 */
export function nginxSiteConfig({ port, upstreams, siteDir, dashboardDir, logDir }) {
  let conf = fs.readFileSync(NGINX_CONF, 'utf8');
  const replace = (from, to) => {
    const count = typeof from === 'string' ? conf.split(from).length - 1 : (conf.match(new RegExp(from, 'gm')) ?? []).length;
    if (count !== 1) throw new Error(`docker/nginx.conf: expected "${from}" once, found it ${count} times`);
    conf = conf.replace(from, to);
  };
  replace('listen 80;', `listen 127.0.0.1:${port};`);
  // No TLS file in the test: the include of docker/tls.conf.example's folder points at an empty one.
  replace('include /etc/nginx/conf.d/comptoir-tls/*.conf;', `include ${path.join(logDir, 'tls')}/*.conf;`);
  upstreams.forEach((address, i) =>
    replace(new RegExp(`^(\\s*)server app${i + 1}:3000 ([^;]*?)( resolve)?;$`, 'm'), `$1server ${address} $2;`),
  );
  replace('root /srv/site/current;', `root ${path.join(siteDir, 'current')};`);
  replace('alias /srv/dashboard/assets/;', `alias ${path.join(dashboardDir, 'assets')}/;`);
  replace('access_log /var/log/nginx/access.log comptoir;', `access_log ${path.join(logDir, 'access.log')} comptoir;`);
  return conf;
}

/**
 * Starts nginx with docker/nginx.conf in front of `upstreams` (["127.0.0.1:port", ...]), serving the site
 * releases of `siteDir` and the dashboard build `dashboardDir`; `extraListen` adds a listen directive
 * (e.g. "127.0.0.1:8443 http2"). Returns { url, port, dir, stop }.
 */
export async function startNginx({ upstreams, siteDir, dashboardDir, port, extraListen }) {
  const binary = findBinary(['nginx']);
  if (!binary) throw new Error('nginx is not installed (apt-get install -y nginx)');
  port ??= await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-nginx-'));
  fs.chmodSync(dir, 0o755); // nginx's workers (nobody) create their temp files here
  fs.writeFileSync(path.join(dir, 'default.conf'), nginxSiteConfig({ port, upstreams, siteDir, dashboardDir, logDir: dir }));
  // Another address of the same server, in the folder docker/nginx.conf includes for TLS (`http2` there:
  // HTTP/2 in clear text, as bench:site --http2 measures what HPACK leaves of the headers).
  if (extraListen) {
    fs.mkdirSync(path.join(dir, 'tls'));
    fs.writeFileSync(path.join(dir, 'tls', 'listen.conf'), `listen ${extraListen};\n`);
  }
  const mimeTypes = ['/etc/nginx/mime.types', '/usr/share/nginx/mime.types'].find((f) => fs.existsSync(f));
  // Run as root (CI), nginx drops its workers to nobody, as the nginx image runs its workers as `nginx`:
  // the site files written by the Comptoir processes must be readable by another user.
  const user = process.getuid?.() === 0 ? 'user nobody nogroup;' : '';
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${user}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  ${mimeTypes ? `include ${mimeTypes};` : ''}
  default_type application/octet-stream;
  sendfile on;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/default.conf;
}
`,
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
  const check = spawnSync(binary, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  const child = spawn(binary, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}${readLog(dir)}`);
    try {
      await fetch(`${url}/dashboard/`, { signal: AbortSignal.timeout(2000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}: ${readLog(dir)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // The errors only, not the retries' warnings: what made a request fail.
  const errorLog = (about = '') =>
    readLog(dir, Infinity)
      .split('\n')
      .filter((line) => (about ? line.includes(about) : /\[(error|crit|alert|emerg)\]/.test(line)))
      .slice(-20)
      .join('\n');
  /** The access log's lines (docker/nginx.conf's `comptoir` format, with the request id). */
  const accessLog = () => readLog(dir, Infinity, 'access.log').split('\n').filter(Boolean);
  return { url, port, dir, stop, errorLog, accessLog };
}

function readLog(dir, chars = 3000, name = 'error.log') {
  try {
    return fs.readFileSync(path.join(dir, name), 'utf8').slice(-chars);
  } catch {
    return '';
  }
}
