/**
 * The shape every request body must have before class-transformer and class-validator see it. Their
 * cost grows faster than linearly with the number of keys (40,000 keys froze the single process for
 * seconds), and deep nesting made them overflow the stack (500). The body's byte size is bounded by
 * the parsers (`body-limits.ts`), so JSON.parse itself is bounded; this walk is iterative (no stack to
 * overflow) and stops at the first problem.
 */
export const BODY_SHAPE = {
  /** Keys of one object (a role's permission grid, an order's fields... stay far below). */
  maxKeys: 200,
  /** Items of one array (an order's lines, an article's blocks). */
  maxItems: 2000,
  /** Nesting of objects and arrays. */
  maxDepth: 20,
} as const;

export const INVALID_TEXT = 'Ce champ contient des caractères invalides.';
export const BODY_TOO_COMPLEX = 'Le contenu envoyé est trop complexe.';

// With the `u` flag a surrogate pair is one code point, so this matches lone surrogates only.
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Lone UTF-16 surrogates cannot be stored (MySQL utf8mb4), e-mailed or shown: a text must be well formed. */
export const isWellFormedText = (value: string): boolean => !LONE_SURROGATE.test(value);

export type BodyShapeProblem = { kind: 'too-complex' } | { kind: 'invalid-text'; field: string };

/**
 * The first problem of `body`: too many keys/items or nested too deep, or a text (or a key) that is not
 * well-formed Unicode; null when there is none. No imports: the article worker uses it too.
 */
export function bodyShapeProblem(body: unknown, limits = BODY_SHAPE): BodyShapeProblem | null {
  if (body === null || typeof body !== 'object') {
    return typeof body === 'string' && !isWellFormedText(body) ? { kind: 'invalid-text', field: 'body' } : null;
  }
  const stack: Array<{ value: object; depth: number; path: string }> = [{ value: body, depth: 1, path: '' }];
  while (stack.length) {
    const { value, depth, path } = stack.pop()!;
    if (depth > limits.maxDepth) return { kind: 'too-complex' };
    const isArray = Array.isArray(value);
    if (isArray && value.length > limits.maxItems) return { kind: 'too-complex' };
    let count = 0;
    for (const key in value) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
      if (!isArray && ++count > limits.maxKeys) return { kind: 'too-complex' };
      const field = path ? `${path}.${key}` : key;
      if (!isWellFormedText(key)) return { kind: 'invalid-text', field: path || 'body' };
      const child = (value as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        if (!isWellFormedText(child)) return { kind: 'invalid-text', field };
      } else if (child !== null && typeof child === 'object') {
        stack.push({ value: child, depth: depth + 1, path: field });
      }
    }
  }
  return null;
}
