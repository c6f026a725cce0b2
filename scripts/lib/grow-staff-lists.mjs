// The staff lists that the demo data keeps small (clients, stock entries, the activity journal, brands,
// categories, administrators, media and invoices), grown to N rows each, so that bench:api's deep pages
// of every staff list read a list of N rows. Rows go
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

/** Grows the staff lists of `env` up to `rows` each (invoices: one per order, as many as orders allow); returns the time spent (ms). */
export async function growStaffLists(env, rows) {
  await import('reflect-metadata');
  const { loadConfig } = await import(dist('core/config/config.js'));
  const { buildDataSourceOptions } = await import(dist('core/database/data-source-options.js'));
  const { initializeDataSource } = await import(dist('core/database/initialize-data-source.js'));
  const { Customer } = await import(dist('customers/entities/customer.entity.js'));
  const { StockEntry } = await import(dist('stock/entities/stock-entry.entity.js'));
  const { AuditEntry } = await import(dist('audit/entities/audit-entry.entity.js'));
  const { Brand } = await import(dist('catalogue/entities/brand.entity.js'));
  const { Category } = await import(dist('catalogue/entities/category.entity.js'));
  const { User } = await import(dist('admins/entities/user.entity.js'));
  const { Role } = await import(dist('access/entities/role.entity.js'));
  const { Media } = await import(dist('media/entities/media.entity.js'));
  const { OrderItem } = await import(dist('orders/entities/order-item.entity.js'));
  const { Order } = await import(dist('orders/entities/order.entity.js'));
  const { Invoice } = await import(dist('invoices/entities/invoice.entity.js'));
  const { InvoiceLine } = await import(dist('invoices/entities/invoice-line.entity.js'));
  const { InvoiceCurrencyTotal } = await import(dist('invoices/entities/invoice-currency-total.entity.js'));
  const { centsToMinor } = await import(dist('common/money.js'));
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
      await grow(Brand, (i) => ({
        name: `Marque ${WORDS[i % WORDS.length]} ${i}`,
        representative: `${NAMES[i % NAMES.length]} ${(i * 7919) % 100_000}`,
        description: `Fabricant de ${WORDS[i % WORDS.length].toLowerCase()}.`,
        created_at: at(i, 600_000),
        updated_at: at(i, 600_000),
      }));
      await grow(Category, (i) => ({
        designation: `${WORDS[i % WORDS.length]} série ${i}`,
        description: `Gamme ${i}.`,
        created_at: at(i, 600_000),
        updated_at: at(i, 600_000),
      }));
      const role = await m.getRepository(Role).findOneOrFail({ where: {}, order: { id: 'ASC' } });
      await grow(User, (i) => ({
        role_id: role.id,
        firstname: NAMES[i % NAMES.length],
        name: `Agent ${(i * 7919) % 100_000} ${i}`,
        email: `agent-${i}@bench.example`,
        // Not a password hash: these accounts are listed, never signed in to.
        password_hash: '!',
        created_at: at(i, 600_000),
        updated_at: at(i, 600_000),
      }));
      await grow(Media, (i) => ({
        path: `bench/media-${i}.webp`,
        original_name: `photo-${i}.webp`,
        mime: 'image/webp',
        size: 1000 + ((i * 7919) % 900_000),
        width: 800,
        height: 600,
        user_id: null,
        created_at: at(i, 600_000),
      }));
      await growInvoices(m, { Invoice, InvoiceLine, InvoiceCurrencyTotal, Order, OrderItem, centsToMinor }, rows, at);
    });
  } finally {
    await ds.destroy();
  }
  return Date.now() - started;
}

/**
 * Invoices, one for each order not yet invoiced (the grown orders hold one line each), with its line and
 * its stored per-currency total, as InvoicesService would write them: numbered in a year of their own so
 * that the application's next numbers never meet them.
 */
async function growInvoices(m, { Invoice, InvoiceLine, InvoiceCurrencyTotal, Order, OrderItem, centsToMinor }, rows, at) {
  const have = await m.getRepository(Invoice).count();
  if (have >= rows) return;
  const items = await m
    .getRepository(OrderItem)
    .createQueryBuilder('item')
    .where('item.order_id NOT IN (SELECT order_id FROM invoices)')
    .orderBy('item.order_id')
    .limit(rows - have)
    .getMany();
  for (let from = 0; from < items.length; from += ROWS_PER_INSERT) {
    const chunk = items.slice(from, from + ROWS_PER_INSERT);
    const orders = await m
      .getRepository(Order)
      .createQueryBuilder('o')
      .select(['o.id', 'o.company_name'])
      .whereInIds([...new Set(chunk.map((item) => item.order_id))])
      .getMany();
    const companies = new Map(orders.map((order) => [order.id, order.company_name]));
    const invoices = chunk.map((item, k) => {
      const i = have + from + k;
      const issued = at(i, 600_000);
      return {
        order_id: item.order_id,
        company_name: companies.get(item.order_id),
        number: `FAC-2000-${String(i + 1).padStart(6, '0')}`,
        state: 'issued',
        issued_at: issued,
        due_date: new Date(issued.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
        created_at: issued,
      };
    });
    const inserted = await m.createQueryBuilder().insert().into(Invoice).values(invoices).execute();
    const ids = inserted.identifiers.map((row) => row.id);
    await m
      .createQueryBuilder()
      .insert()
      .into(InvoiceLine)
      .values(
        chunk.map((item, k) => ({
          invoice_id: ids[k],
          position: 0,
          source: 'order_item',
          source_id: item.id,
          product_id: item.product_id,
          product_name: item.product_name,
          product_reference: item.product_reference,
          quantity: item.quantity,
          unit_price: item.price,
          currency_code: item.currency_code ?? 'XOF',
          tax_rate_bp: item.tax_rate_bp,
        })),
      )
      .updateEntity(false)
      .execute();
    await m
      .createQueryBuilder()
      .insert()
      .into(InvoiceCurrencyTotal)
      .values(
        chunk.map((item, k) => {
          // TTC in the currency's minor units: quantity × price with its tax, nothing paid yet.
          const code = item.currency_code ?? 'XOF';
          const cents = Math.round((Math.round(Number(item.price) * 100) * item.quantity * (10_000 + item.tax_rate_bp)) / 10_000);
          const ttc = String(centsToMinor(BigInt(cents), code));
          return { invoice_id: ids[k], currency_code: code, position: 0, ttc_minor: ttc, balance_minor: ttc };
        }),
      )
      .updateEntity(false)
      .execute();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
  const rows = Number(args.find((a) => /^\d+$/.test(a)) ?? 10000);
  const sqliteDir = option('sqlite-dir');
  const env = { NODE_ENV: 'production', DATA_DIR: sqliteDir ?? process.env.DATA_DIR, DATABASE_URL: option('database-url') ?? '' };
  const ms = await growStaffLists(env, rows);
  console.log(`Staff lists grown to ${rows} rows each in ${(ms / 1000).toFixed(0)} s`);
}
