import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MatrixModule, MatrixRow } from './matrix-row.js';

export interface DeclaredAccess {
  /** "GET /api/x" → "public" | "signed-in" | "category.right", with the file that declares it. */
  policies: Map<string, { policy: string; file: string }>;
  rows: (MatrixRow & { file: string })[];
  /** The same route declared twice. */
  duplicates: string[];
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Reads every `test/access/matrix/*.ts` file. */
export async function loadDeclaredAccess(): Promise<DeclaredAccess> {
  const dir = path.join(here, 'matrix');
  const declared: DeclaredAccess = { policies: new Map(), rows: [], duplicates: [] };
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as MatrixModule;
    const declare = (key: string, policy: string) => {
      if (declared.policies.has(key)) declared.duplicates.push(`${key} (${declared.policies.get(key)!.file} and ${file})`);
      declared.policies.set(key, { policy, file });
    };
    for (const key of module.publicRoutes ?? []) declare(key, 'public');
    for (const key of module.signedInRoutes ?? []) declare(key, 'signed-in');
    for (const row of module.rows ?? []) {
      declare(`${row.method} ${row.route}`, `${row.category}.${row.right}`);
      declared.rows.push({ ...row, file });
    }
  }
  return declared;
}
