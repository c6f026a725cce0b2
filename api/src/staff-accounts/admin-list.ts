import { equals, IdFilter, type ListDefinition } from '../common/list-order.js';
import { ListQueryDto } from '../common/listing.js';
import type { User } from '../admins/entities/user.entity.js';

/** GET /api/admin's sorts and filter (role). */
export const ADMIN_LIST: ListDefinition<User> = {
  sorts: {
    id: 'user.id',
    name: 'user.name',
    firstname: 'user.firstname',
    email: 'user.email',
    created_at: 'user.created_at',
    role: { expression: 'sort_role.name', join: (qb) => void qb.innerJoin('user.role', 'sort_role') },
  },
  defaultSort: { key: 'id', direction: 'asc' },
  id: 'user.id',
  filters: { role_id: { apply: equals('user.role_id'), doc: { description: 'Rôle (id).', type: 'integer' } } },
};

export class AdminListQueryDto extends ListQueryDto {
  @IdFilter('Le rôle est invalide.')
  role_id?: number;
}
