// The benchmarks' data: the demo data set (the CLI's `seed`), grown to N products, articles and orders.
// One implementation for every bench script (bench:api, bench:publish, bench:backup), on SQLite and
// MariaDB alike: rows go through the API's own TypeORM entities (so `search_text` and the other
// subscribers fill in as in production), in multi-row INSERTs of 500 inside one transaction, which
// keeps 10,000 + 10,000 rows to seconds rather than minutes.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './builds.mjs';

const dist = (p) => pathToFileURL(path.join(root, 'api/dist', p)).href;
const ROWS_PER_INSERT = 500;
const WORDS = ['Groupe électrogène', 'Compresseur', 'Électrodes', 'Pompe à eau', 'Œillet de levage', 'Façade inox', 'Grue'];

/** Runs the migrations and seeds the demo data with the CLI, as an operator would (`cli.js seed`). */
export function seedDemo(env) {
  const seeded = spawnSync(process.execPath, [path.join(root, 'api/dist/cli.js'), 'seed'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr || seeded.stdout}`);
}

/**
 * Grows the seeded data of `env` (DATA_DIR / DATABASE_URL...) up to `products` products, `articles`
 * published articles and `orders` orders (counts already there are kept). Bench products share the
 * demo's first image, unless `ownImages`: then each gets a file of its own (random bytes of the demo
 * image's size, plus its 400/800 px copies) in the local storage, as uploads would make them.
 * Returns the time spent, in ms.
 */
export async function growDemoData(env, { products = 0, articles = 0, orders = 0, ownImages = false } = {}) {
  await import('reflect-metadata');
  const { loadConfig } = await import(dist('core/config/config.js'));
  const { buildDataSourceOptions } = await import(dist('core/database/data-source-options.js'));
  const { initializeDataSource } = await import(dist('core/database/initialize-data-source.js'));
  const { Product } = await import(dist('catalogue/entities/product.entity.js'));
  const { ProductImage } = await import(dist('catalogue/entities/product-image.entity.js'));
  const { Article } = await import(dist('blog/entities/article.entity.js'));
  const { Order } = await import(dist('orders/entities/order.entity.js'));
  const { OrderItem } = await import(dist('orders/entities/order-item.entity.js'));
  const config = loadConfig({ ...process.env, ...env });
  const ds = await initializeDataSource(buildDataSourceOptions(config));
  const started = Date.now();
  try {
    await ds.transaction(async (m) => {
      const insert = async (entity, rows) => {
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
          await m
            .createQueryBuilder()
            .insert()
            .into(entity)
            .values(rows.slice(i, i + ROWS_PER_INSERT))
            .updateEntity(false)
            .execute();
      };
      const now = Date.now();
      const [model] = await m.getRepository(Product).find({ take: 1, order: { id: 'ASC' }, relations: { images: true } });
      const categories = (await m.query('SELECT id FROM categories')).map((r) => Number(r.id));
      const image = model.images?.[0]?.image_path ?? 'products/none.webp';

      const haveProducts = await m.getRepository(Product).count();
      const newProducts = [];
      for (let i = haveProducts; i < products; i++) {
        const at = new Date(now - (i + 1) * 60_000);
        newProducts.push({
          name: `${WORDS[i % WORDS.length]} ${i}`,
          reference: `REF-B${i}`,
          stock: 10 + (i % 40),
          // Spread from 5,000 to 504,000 (the catalogue's price filters and sorts see a real range).
          price: `${5000 + ((i * 7919) % 500) * 1000}.00`,
          description: model.description,
          brand_id: model.brand_id,
          category_id: categories[i % categories.length],
          currency_id: model.currency_id,
          in_spotlight: i % 17 === 0,
          created_at: at,
          updated_at: at,
        });
      }
      await insert(Product, newProducts);
      // Bench products are the ones after the demo's first; each gets one image.
      const ids = (await m.query(`SELECT id FROM products WHERE id > ${Number(model.id)} ORDER BY id`)).map((r) => Number(r.id));
      const withImage = new Set((await m.query('SELECT product_id FROM product_images')).map((r) => Number(r.product_id)));
      const imageOf = ownImages ? ownImageWriter(config, image) : () => image;
      await insert(
        ProductImage,
        ids
          .filter((id) => !withImage.has(id))
          .map((product_id) => ({ product_id, image_path: imageOf(product_id), position: 0 })),
      );

      const article = await m.getRepository(Article).findOneByOrFail({ status: 'Publié' });
      const haveArticles = await m.getRepository(Article).countBy({ status: 'Publié' });
      const newArticles = [];
      for (let i = haveArticles; i < articles; i++) {
        const at = new Date(now - (i + 1) * 3_600_000);
        newArticles.push({
          title: `Dossier technique ${WORDS[i % WORDS.length]} numéro ${i}`,
          slug: `dossier-technique-numero-${i}`,
          content: article.content,
          content_json: article.content_json,
          image: article.image,
          image_alt: 'Illustration',
          status: 'Publié',
          user_id: article.user_id,
          published_at: at,
          created_at: at,
          updated_at: at,
        });
      }
      await insert(Article, newArticles);

      if (orders > 0) {
        const [order] = await m.getRepository(Order).find({ take: 1 });
        const haveOrders = await m.getRepository(Order).count();
        const { id: _id, search_text: _s, items: _items, customer: _c, created_at: _ca, updated_at: _ua, ...orderFields } = order;
        const newOrders = [];
        for (let i = haveOrders; i < orders; i++) {
          const at = new Date(now - (i + 1) * 600_000);
          newOrders.push({
            ...orderFields,
            order_num: `BENCH-${i}`,
            company_name: `Société ${WORDS[i % WORDS.length]} ${i}`,
            // The list's sort columns (api/src/orders/order-list-columns.ts): one line each below, no quote version.
            lines_count: 1,
            quote_version: null,
            created_at: at,
            updated_at: at,
          });
        }
        await insert(Order, newOrders);
        const withItems = new Set((await m.query('SELECT DISTINCT order_id FROM order_items')).map((r) => Number(r.order_id)));
        const orderIds = (await m.query(`SELECT id FROM orders WHERE order_num LIKE 'BENCH-%' ORDER BY id`))
          .map((r) => Number(r.id))
          .filter((id) => !withItems.has(id));
        await insert(
          OrderItem,
          orderIds.map((order_id, i) => ({
            order_id,
            product_id: ids[i % ids.length] ?? null,
            product_name: 'Article commandé',
            quantity: 1,
            price: '125000.00',
            total_price: '125000.00',
          })),
        );
      }
    });
  } finally {
    await ds.destroy();
  }
  return Date.now() - started;
}

/**
 * For `ownImages`: writes a distinct image (and its two resized copies) per product in the local
 * storage. Random bytes of the demo images' sizes: distinct photos do not compress against each other
 * (copies of one image would, and make a backup archive look far smaller than it would be).
 */
function ownImageWriter(config, demoImage) {
  const storage = config.storageDir;
  const variant = (p, w) => p.replace(/\.[a-z]+$/, `-${w}.webp`);
  const sizes = [demoImage, variant(demoImage, 400), variant(demoImage, 800)].map((p) => fs.statSync(path.join(storage, p)).size);
  fs.mkdirSync(path.join(storage, 'products'), { recursive: true });
  return (productId) => {
    const file = `products/bench-${productId}.webp`;
    fs.writeFileSync(path.join(storage, file), randomBytes(sizes[0]));
    fs.writeFileSync(path.join(storage, variant(file, 400)), randomBytes(sizes[1]));
    fs.writeFileSync(path.join(storage, variant(file, 800)), randomBytes(sizes[2]));
    return file;
  };
}
