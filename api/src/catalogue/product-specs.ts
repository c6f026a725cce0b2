import { SPEC_NAME_MAX, SPEC_VALUE_MAX } from '../shared/text-limits.js';

/**
 * A product's specification table: ordered attribute / value rows (« Puissance » / « 20 kVA »),
 * edited in the product form and shown on the product page. Stored with the product (a JSON column),
 * so that it is saved, versioned and audited with the rest of the form.
 */
export interface ProductSpec {
  name: string;
  value: string;
}

export const SPEC_MAX_ROWS = 40;
export { SPEC_NAME_MAX, SPEC_VALUE_MAX };

export const SPEC_MESSAGES = {
  format: 'Les caractéristiques envoyées sont invalides.',
  tooMany: `Un produit a au plus ${SPEC_MAX_ROWS} caractéristiques.`,
  nameRequired: (row: number) => `Ligne ${row} : indiquez la caractéristique.`,
  valueRequired: (row: number) => `Ligne ${row} : indiquez la valeur.`,
  nameTooLong: (row: number) => `Ligne ${row} : la caractéristique ne doit pas dépasser ${SPEC_NAME_MAX} caractères.`,
  valueTooLong: (row: number) => `Ligne ${row} : la valeur ne doit pas dépasser ${SPEC_VALUE_MAX} caractères.`,
  duplicate: (row: number, name: string) => `Ligne ${row} : « ${name} » figure déjà plus haut.`,
};

/**
 * The rows as sent (a JSON text in the multipart form, or an array), trimmed, with blank rows
 * dropped; or the first French message that refuses them. Names are unique, case and accents aside.
 */
export function parseSpecs(raw: unknown): { specs: ProductSpec[] } | { error: string } {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return { specs: [] };
    try {
      value = JSON.parse(raw);
    } catch {
      return { error: SPEC_MESSAGES.format };
    }
  }
  if (!Array.isArray(value)) return { error: SPEC_MESSAGES.format };
  const specs: ProductSpec[] = [];
  const seen = new Set<string>();
  for (const [index, row] of value.entries()) {
    const line = index + 1;
    if (!row || typeof row !== 'object' || Array.isArray(row)) return { error: SPEC_MESSAGES.format };
    const { name, value: text } = row as Record<string, unknown>;
    if ((name !== undefined && typeof name !== 'string') || (text !== undefined && typeof text !== 'string')) {
      return { error: SPEC_MESSAGES.format };
    }
    const n = (name ?? '').replace(/\s+/g, ' ').trim();
    const v = (text ?? '').replace(/\s+/g, ' ').trim();
    if (!n && !v) continue;
    if (!n) return { error: SPEC_MESSAGES.nameRequired(line) };
    if (!v) return { error: SPEC_MESSAGES.valueRequired(line) };
    if (n.length > SPEC_NAME_MAX) return { error: SPEC_MESSAGES.nameTooLong(line) };
    if (v.length > SPEC_VALUE_MAX) return { error: SPEC_MESSAGES.valueTooLong(line) };
    const key = n.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (seen.has(key)) return { error: SPEC_MESSAGES.duplicate(line, n) };
    seen.add(key);
    specs.push({ name: n, value: v });
    if (specs.length > SPEC_MAX_ROWS) return { error: SPEC_MESSAGES.tooMany };
  }
  return { specs };
}
