import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { dateBound, DateFilter, type ListDefinition } from '../common/list-order.js';
import { ListQueryDto } from '../common/listing.js';
import type { StockEntry } from './entities/stock-entry.entity.js';

/** GET /api/stock-entries' sorts and filters (receipt and expiry dates). */
export const STOCK_ENTRY_LIST: ListDefinition<StockEntry> = {
  sorts: {
    created_at: 'entry.created_at',
    name: 'entry.name',
    price: 'entry.price',
    quantity: 'entry.quantity',
    manufacture_date: 'entry.manufacture_date',
    expiry_date: 'entry.expiry_date',
    billing_date: 'entry.billing_date',
  },
  defaultSort: { key: 'created_at', direction: 'desc' },
  id: 'entry.id',
  filters: {
    expirable: {
      apply: (qb, value, parameter) => void qb.andWhere(`entry.expirable = :${parameter}`, { [parameter]: value === 'yes' }),
      doc: { description: 'Périssable (yes) ou non (no).', enum: ['yes', 'no'] },
    },
    expiry_from: {
      apply: (qb, value, parameter) => void qb.andWhere(`entry.expiry_date >= :${parameter}`, { [parameter]: value }),
      doc: { description: 'Expire à partir de ce jour (AAAA-MM-JJ).' },
    },
    expiry_to: {
      apply: (qb, value, parameter) => void qb.andWhere(`entry.expiry_date <= :${parameter}`, { [parameter]: value }),
      doc: { description: 'Expire au plus tard ce jour (AAAA-MM-JJ).' },
    },
    from: { apply: dateBound('entry.created_at', 'from'), doc: { description: 'Reçue à partir de ce jour (AAAA-MM-JJ).' } },
    to: { apply: dateBound('entry.created_at', 'to'), doc: { description: 'Reçue jusqu’à ce jour inclus (AAAA-MM-JJ).' } },
  },
};

export class StockEntryListQueryDto extends ListQueryDto {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' || value === 'all' ? undefined : value))
  @IsIn(['yes', 'no'], { message: 'Le filtre « périssable » doit valoir yes ou no.' })
  expirable?: 'yes' | 'no';

  @DateFilter('La date d’expiration de début doit être au format AAAA-MM-JJ.')
  expiry_from?: string;

  @DateFilter('La date d’expiration de fin doit être au format AAAA-MM-JJ.')
  expiry_to?: string;

  @DateFilter('La date de début doit être au format AAAA-MM-JJ.')
  from?: string;

  @DateFilter('La date de fin doit être au format AAAA-MM-JJ.')
  to?: string;
}
