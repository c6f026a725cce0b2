// The test run needs a MariaDB server, Chromium, nginx (the scale-out stage), poppler-utils (pdftotext
// reads the devis PDF) and buildah, podman and debootstrap (the image stage) from Debian. As root it
// installs them; otherwise it says exactly what to install and stops.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findBinary } from './mariadb.mjs';

export const CHROMIUM = '/usr/bin/chromium';

export function ensureSystemPackages(log = console.log) {
  const missing = [];
  if (!findBinary(['mariadbd', 'mysqld']) || !findBinary(['mariadb-install-db', 'mysql_install_db']))
    missing.push('mariadb-server');
  if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
  if (!findBinary(['pdftotext'])) missing.push('poppler-utils');
  if (!findBinary(['nginx'])) missing.push('nginx');
  for (const tool of ['buildah', 'podman', 'debootstrap']) if (!findBinary([tool])) missing.push(tool);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing system packages: ${missing.join(' ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  log(`Installing ${missing.join(' ')} with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
  if (update.status !== 0 || install.status !== 0) {
    console.error(`apt-get could not install ${missing.join(' ')}`);
    process.exit(1);
  }
}
