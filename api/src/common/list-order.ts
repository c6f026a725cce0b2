import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ValidationFailed } from '../core/errors/api-error.js';
import { dateInput, ID_MAX, idInput, isCalendarDate } from './forms.js';

/**
 * Sorting and filtering of the back-office lists, one way for all. A list declares
 * its `ListDefinition`: the sort keys it accepts (each a fixed SQL expression, never a name read from
 * the URL), its default order, and its filters. `?sort=<key>&direction=asc|desc` orders the page, the
 * row id breaking ties in the same direction (a stable order for paging); an unknown key is a 422.
 */
export type SortDirection = 'asc' | 'desc';
export const SORT_DIRECTIONS: readonly SortDirection[] = ['asc', 'desc'];

export interface ListSort<E extends ObjectLiteral = ObjectLiteral> {
  /** The SQL expression ordered by, e.g. `product.price`. */
  expression: string;
  /** A many-to-one join it needs on the ids query (at most one row per row). */
  join?: (qb: SelectQueryBuilder<E>) => void;
  /** Further expressions ordered by in the same direction before the id (e.g. an amount after its currency). */
  then?: readonly string[];
}

/** A filter: the query's value (already validated by the list's DTO) narrows the query. */
export type ListFilter<E extends ObjectLiteral = ObjectLiteral> = (
  qb: SelectQueryBuilder<E>,
  value: unknown,
  parameter: string,
) => void;

export interface ListFilterDoc {
  description: string;
  enum?: readonly string[];
  type?: 'string' | 'integer';
}

export interface ListDefinition<E extends ObjectLiteral = ObjectLiteral> {
  /** URL sort key → expression (or expression with its join). */
  sorts: Record<string, string | ListSort<E>>;
  /** Order without `sort`. */
  defaultSort: { key: string; direction: SortDirection };
  /** The id column breaking ties, e.g. `product.id`. */
  id: string;
  /** Query parameter → what it does (its value validated by the DTO), with its OpenAPI description. */
  filters?: Record<string, { apply: ListFilter<E>; doc: ListFilterDoc }>;
}

/** Equality on a column (an id, a status, a currency). */
export const equals =
  <E extends ObjectLiteral>(expression: string): ListFilter<E> =>
  (qb, value, parameter) =>
    void qb.andWhere(`${expression} = :${parameter}`, { [parameter]: value });

/** A date bound, inclusive; a day alone means its first (`from`) or last (`to`) instant, UTC. */
export const dateBound =
  <E extends ObjectLiteral>(expression: string, end: 'from' | 'to'): ListFilter<E> =>
  (qb, value, parameter) => {
    const text = String(value);
    const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
    const date = new Date(day ? `${text}T${end === 'to' ? '23:59:59.999' : '00:00:00.000'}Z` : text);
    qb.andWhere(`${expression} ${end === 'to' ? '<=' : '>='} :${parameter}`, { [parameter]: date });
  };

export function unknownSort(key: string, definition: ListDocumentation): ValidationFailed {
  return new ValidationFailed({
    sort: [`Le tri « ${key.slice(0, 40)} » est inconnu. Tris possibles : ${Object.keys(definition.sorts).join(', ')}.`],
  });
}

/** The sort asked for, checked against the list's keys (422 otherwise). */
export function resolveSort<E extends ObjectLiteral>(
  query: { sort?: string; direction?: SortDirection },
  definition: ListDefinition<E>,
): { key: string; direction: SortDirection; sort: ListSort<E> } {
  const key = query.sort ?? definition.defaultSort.key;
  const found = Object.prototype.hasOwnProperty.call(definition.sorts, key) ? definition.sorts[key] : undefined;
  if (!found) throw unknownSort(key, definition);
  const direction = query.direction ?? (query.sort ? 'asc' : definition.defaultSort.direction);
  return { key, direction, sort: typeof found === 'string' ? { expression: found } : found };
}

/** Orders `qb` as the query asks (the list's default otherwise), ties broken by id. */
export function applyListOrder<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  query: { sort?: string; direction?: SortDirection },
  definition: ListDefinition<E>,
): SelectQueryBuilder<E> {
  const { direction, sort } = resolveSort(query, definition);
  sort.join?.(qb);
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  qb.orderBy(sort.expression, dir);
  for (const expression of sort.then ?? []) qb.addOrderBy(expression, dir);
  return qb.addOrderBy(definition.id, dir);
}

/** Applies the filters present in the query (validated by the DTO before). */
export function applyListFilters<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  query: object,
  definition: ListDefinition<E>,
): SelectQueryBuilder<E> {
  for (const [name, filter] of Object.entries(definition.filters ?? {})) {
    const value = (query as Record<string, unknown>)[name];
    if (value === undefined || value === null || value === '') continue;
    filter.apply(qb, value, `filter_${name}`);
  }
  return qb;
}

/** Filters then order: the whole of a list's query parameters but paging and search. */
export function applyListQuery<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  query: { sort?: string; direction?: SortDirection },
  definition: ListDefinition<E>,
): SelectQueryBuilder<E> {
  return applyListOrder(applyListFilters(qb, query, definition), query, definition);
}

/** OpenAPI of a list's parameters: paging, search, its sort keys and its filters. */
export interface ListDocumentation {
  sorts: Record<string, unknown>;
  defaultSort: { key: string };
  filters?: Record<string, { doc: ListFilterDoc }>;
}

export function ApiList(
  definition: ListDocumentation,
  searchDescription = 'Recherche (sans tenir compte des accents ni de la casse).',
) {
  const filters = Object.entries(definition.filters ?? {}).map(([name, { doc }]) =>
    ApiQuery({
      name,
      required: false,
      description: doc.description,
      ...(doc.enum ? { enum: [...doc.enum] } : { type: doc.type === 'integer' ? Number : String }),
    }),
  );
  return applyDecorators(
    ApiQuery({ name: 'page', required: false, type: Number, description: 'Numéro de page (à partir de 1).' }),
    ApiQuery({ name: 'per_page', required: false, type: Number, description: 'Éléments par page (100 au plus).' }),
    ApiQuery({ name: 'search', required: false, type: String, description: searchDescription }),
    ApiQuery({
      name: 'sort',
      required: false,
      enum: Object.keys(definition.sorts),
      description: `Colonne de tri (par défaut ${definition.defaultSort.key}). Une autre valeur : 422.`,
    }),
    ApiQuery({
      name: 'direction',
      required: false,
      enum: [...SORT_DIRECTIONS],
      description: 'Sens du tri (asc par défaut avec sort).',
    }),
    ...filters,
  );
}

const blank = (value: unknown) => value === undefined || value === null || value === '' || value === 'all';

/** DTO property of an id filter (`?brand_id=3`): a positive integer, else 422 with `message`. */
export function IdFilter(message: string): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (blank(value) ? undefined : idInput({ value }))),
    Validate(PositiveId, { message }),
  );
}

/** DTO property of a filter among fixed values (`?status=pending`). */
export function OneOfFilter(values: readonly string[], message: string): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (blank(value) ? undefined : value)),
    IsIn(values, { message }),
  );
}

/** DTO property of a date bound (`?from=2026-01-31`), a calendar day; else 422 with `message`. */
export function DateFilter(message: string): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (blank(value) ? undefined : dateInput({ value }))),
    Validate(CalendarDay, { message }),
  );
}

@ValidatorConstraint({ name: 'calendarDay' })
class CalendarDay implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return isCalendarDate(value);
  }
}

/** One rule, one message: a whole number from 1 to the largest id. */
@ValidatorConstraint({ name: 'positiveId' })
class PositiveId implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= ID_MAX;
  }
}
