import { dateBound, equals, type ListDefinition } from '../common/list-order.js';
import type { AuditEntry } from './entities/audit-entry.entity.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from './dto/audit-query.dto.js';

/** GET /api/audit's sorts and filters (values checked by AuditQueryDto). */
export const AUDIT_LIST: ListDefinition<AuditEntry> = {
  sorts: {
    created_at: 'entry.created_at',
    action: 'entry.action',
    entity: 'entry.entity',
    user_name: 'entry.user_name',
  },
  defaultSort: { key: 'created_at', direction: 'desc' },
  id: 'entry.id',
  filters: {
    entity: { apply: equals('entry.entity'), doc: { description: 'Type d’élément.', enum: AUDIT_ENTITIES } },
    entity_id: { apply: equals('entry.entity_id'), doc: { description: 'Identifiant de l’élément.', type: 'integer' } },
    user_id: { apply: equals('entry.user_id'), doc: { description: 'Auteur (id).', type: 'integer' } },
    action: { apply: equals('entry.action'), doc: { description: 'Action.', enum: AUDIT_ACTIONS } },
    from: {
      apply: dateBound('entry.created_at', 'from'),
      doc: { description: 'À partir de ce jour ou de cet instant (ISO 8601).' },
    },
    to: { apply: dateBound('entry.created_at', 'to'), doc: { description: 'Jusqu’à ce jour inclus ou cet instant (ISO 8601).' } },
  },
};
