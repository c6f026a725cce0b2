#!/usr/bin/env node
// A local stand-in for the base image `node:24-bookworm-slim`, for machines with buildah but no
// registry to pull from: `buildah bud --pull=never -f docker/Dockerfile` then finds it in the local
// container storage. Built once (about a minute and a half), then reused: nothing is done when the
// image already exists. Needs root, Debian's debootstrap and podman, and the npm registry.
//
// What differs from the official image, and why:
// - Debian's python3, make, g++ and libnode-dev, with npm_config_nodedir=/usr: native modules
//   (better-sqlite3) can download neither prebuilt binaries nor Node headers here, so they compile.
// - Node is this machine's Node 24 binary (the `node` npm package), npm is npm@11 from the registry.
// - The certificate bundle named by $NODE_EXTRA_CA_CERTS, with that variable set: this kind of machine
//   may reach the npm registry through a certificate of its own.
//
// Usage: node scripts/lib/base-image.mjs [--force]   (or ensureBaseImage() from another script)
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BASE_IMAGE = 'docker.io/library/node:24-bookworm-slim';

const cacheDir = () => path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'comptoir-base');

function sh(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  return result;
}

export function baseImageExists() {
  return spawnSync('podman', ['image', 'exists', BASE_IMAGE], { stdio: 'ignore' }).status === 0;
}

/** buildah, podman and debootstrap from Debian, and the ulimit setting buildah's chroot runs need. */
export function ensureContainerTools(log = console.log) {
  const missing = ['buildah', 'podman', 'debootstrap'].filter(
    (tool) => !['/usr/bin', '/usr/sbin'].some((dir) => fs.existsSync(path.join(dir, tool))),
  );
  if (missing.length) {
    if (process.getuid?.() !== 0) throw new Error(`Missing system packages: ${missing.join(' ')} (apt-get install -y ...)`);
    log(`Installing ${missing.join(' ')} with apt-get...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    sh('apt-get', ['update', '-qq'], { env });
    sh('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
  }
  // Inside an unprivileged container host, the default ulimits cannot be set by buildah run.
  const conf = '/etc/containers/containers.conf';
  if (!fs.existsSync(conf)) {
    fs.mkdirSync(path.dirname(conf), { recursive: true });
    fs.writeFileSync(conf, '[containers]\ndefault_ulimits = []\n');
  }
}

export function ensureBaseImage({ force = false, log = console.log } = {}) {
  ensureContainerTools(log);
  if (!force && baseImageExists()) {
    log(`base image ${BASE_IMAGE} already present`);
    return false;
  }
  const started = Date.now();
  const nodeMajor = Number(process.versions.node.split('.')[0]);
  if (nodeMajor < 24) throw new Error('put Node 24 first on PATH (see the README)');
  const cache = cacheDir();
  const rootfs = path.join(cache, 'rootfs');
  if (force || !fs.existsSync(path.join(rootfs, 'usr/bin/apt-get'))) {
    fs.rmSync(rootfs, { recursive: true, force: true });
    fs.mkdirSync(cache, { recursive: true });
    log('debootstrap bookworm (minbase)...');
    sh('debootstrap', ['--variant=minbase', '--include=passwd,ca-certificates', 'bookworm', rootfs], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  fs.copyFileSync('/etc/resolv.conf', path.join(rootfs, 'etc/resolv.conf'));
  log('compilers and Node headers for native modules...');
  sh(
    'chroot',
    [
      rootfs,
      '/bin/sh',
      '-c',
      'apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3 make g++ libnode-dev >/dev/null && apt-get clean && rm -rf /var/lib/apt/lists/*',
    ],
    { env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin' } },
  );
  fs.copyFileSync(fs.realpathSync(process.execPath), path.join(rootfs, 'usr/local/bin/node'));
  fs.chmodSync(path.join(rootfs, 'usr/local/bin/node'), 0o755);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-npm-'));
  try {
    log('npm@11 from the registry...');
    const tgz = execFileSync('npm', ['pack', 'npm@11', '--silent'], { cwd: tmp, encoding: 'utf8' }).trim().split('\n').pop();
    const npmDir = path.join(rootfs, 'usr/local/lib/node_modules/npm');
    fs.rmSync(npmDir, { recursive: true, force: true });
    fs.mkdirSync(npmDir, { recursive: true });
    sh('tar', ['-xzf', path.join(tmp, tgz), '-C', npmDir, '--strip-components=1']);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  for (const [name, target] of [
    ['npm', '../lib/node_modules/npm/bin/npm-cli.js'],
    ['npx', '../lib/node_modules/npm/bin/npx-cli.js'],
  ]) {
    const link = path.join(rootfs, 'usr/local/bin', name);
    fs.rmSync(link, { force: true });
    fs.symlinkSync(target, link);
  }
  const changes = [
    'ENV npm_config_nodedir=/usr',
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    'CMD ["node"]',
  ];
  const extraCa = process.env.NODE_EXTRA_CA_CERTS;
  if (extraCa && fs.existsSync(extraCa)) {
    fs.copyFileSync(extraCa, path.join(rootfs, 'etc/ssl/certs/extra-ca.crt'));
    changes.push('ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/extra-ca.crt');
  }
  log(`importing ${BASE_IMAGE}...`);
  // Streamed, not buffered: the root file system is a few hundred megabytes.
  sh('bash', [
    '-o',
    'pipefail',
    '-c',
    'tar -C "$1" -c . | podman import --quiet "${@:3}" - "$2" >/dev/null',
    'import',
    rootfs,
    BASE_IMAGE,
    ...changes.flatMap((c) => ['--change', c]),
  ]);
  log(`base image ${BASE_IMAGE} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensureBaseImage({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(`base image: ${error.message}`);
    process.exit(1);
  }
}
