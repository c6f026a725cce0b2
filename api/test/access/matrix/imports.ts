import type { MatrixRow } from '../matrix-row.js';

/**
 * The imports, each with the create right of its kind (products: shop, clients: orders, stock
 * entries: stock). The preview of a one-line sheet answers 200, the apply of an unknown token 422,
 * the template 200; what they do is tested in src/imports/imports.e2e-spec.ts.
 */
const kinds: [string, MatrixRow['category'], string][] = [
  ['products', 'shop', 'Référence;Désignation\nMX-1;Essai\n'],
  ['customers', 'orders', 'Société;E-mail\nEssai;essai@example.tg\n'],
  ['stock', 'stock', 'Désignation;Quantité\nEssai;1\n'],
];

export const rows: MatrixRow[] = kinds.flatMap(([kind, category, csv]): MatrixRow[] => [
  {
    method: 'POST',
    route: `/api/import/${kind}/preview`,
    category,
    right: 'create',
    send: (request) => request.attach('file', Buffer.from(csv), 'essai.csv'),
    expectAllowed: [200],
  },
  {
    method: 'POST',
    route: `/api/import/${kind}/apply`,
    category,
    right: 'create',
    send: (request) => request.send({ token: 'inconnu' }),
    expectAllowed: [422],
  },
  {
    method: 'GET',
    route: `/api/import/${kind}/template`,
    category,
    right: 'create',
    send: (request) => request.query({ format: 'csv' }),
    expectAllowed: [200],
  },
]);
