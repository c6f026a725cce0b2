// The staff lists that the demo data keeps small (clients, stock entries, the activity journal), grown
// to N rows each, so that bench:api's deep pages of every staff list read a list of N rows. Rows go
// through the API's own TypeORM entities (search_text filled by its subscriber) in multi-row INSERTs
// inside one transaction, as lib/demo-data.mjs grows products and orders. Rows already there count.
//
// On data kept by `npm run bench:api -- N --prepare-only`:
//   node scripts/lib/grow-staff-lists.mjs N --sqlite-dir DIR
//   node scripts/lib/grow-staff-lists.mjs N --database-url mysql://root@127.0.0.1:33306/NAME
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './builds.mjs';

const dist = (p) => pathToFileURL(path.join(root, 'api/dist', p)).href;
const ROWS_PER_INSERT = 500;
const WORDS = ['Groupe électrogène', 'Compresseur', 'Électrodes', 'Pompe à eau', 'Œillet de levage', 'Façade inox', 'Grue'];
const NAMES = ['Adjo', 'Koffi', 'Ama', 'Yao', 'Akossiwa', 'Kodjo', 'Essi'];

/** Grows clients, stock entries and journal entries of `env` up to `rows` each; returns the time spent (ms). */
export async function growStaffLists(env, rows) {
  await import('reflect-metadata');
  const { loadConfig } = await import(dist('core/config/config.js'));
  const { buildDataSourceOptions } = await import(dist('core/database/data-source-options.js'));
  const { initializeDataSource } = await import(dist('core/database/initialize-data-source.js'));
  const { Customer } = await import(dist('customers/entities/customer.entity.js'));
  const { StockEntry } = await import(dist('stock/entities/stock-entry.entity.js'));
  const { AuditEntry } = await import(dist('audit/entities/audit-entry.entity.js'));
  const ds = await initializeDataSource(buildDataSourceOptions(loadConfig({ ...process.env, ...env })));
  const started = Date.now();
  try {
    await ds.transaction(async (m) => {
      const grow = async (entity, make) => {
        const have = await m.getRepository(entity).count();
        for (let from = have; from < rows; from += ROWS_PER_INSERT) {
          const values = [];
          for (let i = from; i < Math.min(rows, from + ROWS_PER_INSERT); i++) values.push(make(i));
          await m.createQueryBuilder().insert().into(entity).values(values).updateEntity(false).execute();
        }
      };
      const now = Date.now();
      const at = (i, stepMs) => new Date(now - (i + 1) * stepMs);
      const day = (i) => at(i, 86_400_000).toISOString().slice(0, 10);
      await grow(Customer, (i) => ({
        company_name: `Société ${WORDS[i % WORDS.length]} ${i}`,
        company_email: `client-${i}@bench.example`,
        company_phone: `+228 90 ${String(i % 1_000_000).padStart(6, '0')}`,
        company_address: `${i} rue du Commerce, Lomé`,
        representative_name: `${NAMES[i % NAMES.length]} ${(i * 7919) % 100_000}`,
        representative_phone: '+228 91 00 00 00',
        representative_email: `contact-${i}@bench.example`,
        created_at: at(i, 600_000),
        updated_at: at(i, 600_000),
      }));
      await grow(StockEntry, (i) => ({
        name: `${WORDS[i % WORDS.length]} lot ${i}`,
        price: `${1000 + ((i * 7919) % 500) * 100}.00`,
        quantity: 1 + ((i * 31) % 200),
        manufacture_date: day(i + 30),
        expiry_date: i % 3 === 0 ? day(i - 365) : null,
        expirable: i % 3 === 0,
        billing_date: day(i),
        created_at: at(i, 600_000),
        updated_at: at(i, 600_000),
      }));
      await grow(AuditEntry, (i) => ({
        created_at: at(i, 60_000),
        actor: 'staff',
        user_id: null,
        user_name: `${NAMES[i % NAMES.length]} ${(i * 7919) % 1000}`,
        ip: '127.0.0.1',
        entity: 'product',
        entity_id: 1 + (i % 1000),
        label: `${WORDS[i % WORDS.length]} ${i}`,
        action: ['create', 'update', 'delete'][i % 3],
        changes: null,
      }));
    });
  } finally {
    await ds.destroy();
  }
  return Date.now() - started;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
  const rows = Number(args.find((a) => /^\d+$/.test(a)) ?? 10000);
  const sqliteDir = option('sqlite-dir');
  const env = { NODE_ENV: 'production', DATA_DIR: sqliteDir ?? process.env.DATA_DIR, DATABASE_URL: option('database-url') ?? '' };
  const ms = await growStaffLists(env, rows);
  console.log(`Clients, stock entries and journal entries grown to ${rows} in ${(ms / 1000).toFixed(0)} s`);
}
