import { dateBound, DateFilter, type ListDefinition } from '../common/list-order.js';
import { ListQueryDto } from '../common/listing.js';
import type { Customer } from './entities/customer.entity.js';

/** GET /api/clients' sorts and filters. */
export const CUSTOMER_LIST: ListDefinition<Customer> = {
  sorts: {
    created_at: 'customer.created_at',
    updated_at: 'customer.updated_at',
    company_name: 'customer.company_name',
    company_email: 'customer.company_email',
    representative_name: 'customer.representative_name',
  },
  defaultSort: { key: 'created_at', direction: 'desc' },
  id: 'customer.id',
  filters: {
    from: { apply: dateBound('customer.created_at', 'from'), doc: { description: 'Créé à partir de ce jour (AAAA-MM-JJ).' } },
    to: { apply: dateBound('customer.created_at', 'to'), doc: { description: 'Créé jusqu’à ce jour inclus (AAAA-MM-JJ).' } },
  },
};

export class CustomerListQueryDto extends ListQueryDto {
  @DateFilter('La date de début doit être au format AAAA-MM-JJ.')
  from?: string;

  @DateFilter('La date de fin doit être au format AAAA-MM-JJ.')
  to?: string;
}
