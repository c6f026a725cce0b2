import fs from 'node:fs';
import path from 'node:path';
import { MailService } from '../../src/mail/mail.service.js';
import type { TestApp } from '../support/test-app.js';

/** Tables a refused request may still touch: session bookkeeping and throttling counters. */
const VOLATILE = new Set(['staff_sessions', 'login_throttles']);

/**
 * The content of every table (rows in primary-key order) and the list of stored files: two equal
 * fingerprints mean a request changed nothing a user could notice.
 */
export async function fingerprint(t: TestApp): Promise<Map<string, string>> {
  // A sign-in just before (the new-device warning) may still be delivering its mail: let it land, so
  // its row's status does not change between two fingerprints.
  await t.app.get(MailService).idle();
  const out = new Map<string, string>();
  const driver = t.dataSource.driver;
  for (const meta of t.dataSource.entityMetadatas) {
    if (VOLATILE.has(meta.tableName) || out.has(meta.tableName)) continue;
    const order = meta.primaryColumns.map((c) => driver.escape(c.databaseName)).join(', ');
    const rows = await t.dataSource.query(`SELECT * FROM ${driver.escape(meta.tableName)}${order ? ` ORDER BY ${order}` : ''}`);
    out.set(meta.tableName, JSON.stringify(rows));
  }
  out.set('files:storage', JSON.stringify(listFiles(t.config.storageDir)));
  return out;
}

function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(`${path.relative(root, full)}:${fs.statSync(full).size}`);
    }
  };
  walk(root);
  return found.sort();
}

/** The tables (and "files:storage") whose content differs. */
export function changedParts(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
