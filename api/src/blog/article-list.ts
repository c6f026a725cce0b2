import type { ListDefinition } from '../common/list-order.js';
import { dateBound, equals } from '../common/list-order.js';
import { ARTICLE_STATUSES } from './entities/article.entity.js';
import type { Article } from './entities/article.entity.js';

/** GET /api/articles' (staff) sorts and filters: status, author, creation dates. */
export const ARTICLE_LIST: ListDefinition<Article> = {
  sorts: {
    created_at: 'article.created_at',
    updated_at: 'article.updated_at',
    published_at: 'article.published_at',
    title: 'article.title',
    status: 'article.status',
    author: {
      expression: 'sort_author.name',
      join: (qb) => void qb.leftJoin('article.user', 'sort_author'),
    },
  },
  defaultSort: { key: 'created_at', direction: 'desc' },
  id: 'article.id',
  filters: {
    status: { apply: equals('article.status'), doc: { description: 'Statut.', enum: ARTICLE_STATUSES } },
    user_id: { apply: equals('article.user_id'), doc: { description: 'Auteur (id).', type: 'integer' } },
    from: { apply: dateBound('article.created_at', 'from'), doc: { description: 'Créé à partir de ce jour (AAAA-MM-JJ).' } },
    to: { apply: dateBound('article.created_at', 'to'), doc: { description: 'Créé jusqu’à ce jour inclus (AAAA-MM-JJ).' } },
  },
};
