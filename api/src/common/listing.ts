import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Paginated } from '../contract/staff.js';

/** The largest page any list answers, whatever `per_page` asks for. */
export const MAX_PER_PAGE = 100;

const toInt = ({ value }: { value: unknown }) => {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  return /^-?\d+$/.test(text) ? Number(text) : value;
};

/**
 * Query parameters every back-office list accepts: `page` (1-based), `per_page` (capped at 100) and
 * `search` (case-insensitive substring on the list's key field). Each controller passes its own
 * default page size (spec section 9).
 */
export class ListQueryDto {
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'Le numéro de page doit être un nombre entier.' })
  @Min(1, { message: 'Le numéro de page doit être au moins 1.' })
  page?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'Le nombre d’éléments par page doit être un nombre entier.' })
  @Min(1, { message: 'Le nombre d’éléments par page doit être au moins 1.' })
  per_page?: number;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'La recherche doit être un texte.' })
  @MaxLength(100, { message: 'La recherche ne doit pas dépasser 100 caractères.' })
  search?: string;
}

export interface PageRequest {
  page: number;
  perPage: number;
  skip: number;
}

export function pageRequest(query: { page?: number; per_page?: number }, defaultPerPage: number): PageRequest {
  const page = query.page && query.page > 0 ? query.page : 1;
  const perPage = Math.min(query.per_page && query.per_page > 0 ? query.per_page : defaultPerPage, MAX_PER_PAGE);
  return { page, perPage, skip: (page - 1) * perPage };
}

export function pageOf<T>(data: T[], total: number, request: PageRequest): Paginated<T> {
  return {
    data,
    current_page: request.page,
    last_page: Math.max(1, Math.ceil(total / request.perPage)),
    per_page: request.perPage,
    total,
  };
}

/** Runs a query builder as one page: `getManyAndCount` with skip/take (safe with joined collections). */
export async function paginate<E extends ObjectLiteral, T = E>(
  qb: SelectQueryBuilder<E>,
  request: PageRequest,
  map: (row: E) => T = (row) => row as unknown as T,
): Promise<Paginated<T>> {
  const [rows, total] = await qb.skip(request.skip).take(request.perPage).getManyAndCount();
  return pageOf(rows.map(map), total, request);
}

/**
 * A LIKE pattern matching `term` anywhere, with the wildcards of the term itself escaped (escape
 * character `!`, the same on SQLite and MySQL). Use with `LOWER(column) LIKE :param ESCAPE '!'`.
 */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * Adds a case-insensitive "contains" filter on one or several columns (ORed), when a search is given.
 * `columns` are SQL expressions such as `brand.name`.
 */
export function whereContains<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  columns: string[],
  search: string | undefined,
  parameterName = 'search',
): SelectQueryBuilder<E> {
  const term = search?.trim();
  if (!term) return qb;
  const clause = columns.map((column) => `LOWER(${column}) LIKE :${parameterName} ESCAPE '!'`).join(' OR ');
  return qb.andWhere(`(${clause})`, { [parameterName]: containsPattern(term) });
}

/**
 * Counts child rows per parent in one grouped query (`SELECT fk, COUNT(*) … WHERE fk IN (…) GROUP BY
 * fk`), for the "n products" / "n orders" columns of a page, without loading the children.
 */
export async function countByParent<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  foreignKey: string,
  parentIds: number[],
): Promise<Map<number, number>> {
  if (parentIds.length === 0) return new Map();
  const rows = await qb
    .select(foreignKey, 'parent_id')
    .addSelect('COUNT(*)', 'n')
    .where(`${foreignKey} IN (:...parentIds)`, { parentIds })
    .groupBy(foreignKey)
    .getRawMany<{ parent_id: number | string; n: number | string }>();
  return new Map(rows.map((r) => [Number(r.parent_id), Number(r.n)]));
}
