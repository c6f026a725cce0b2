import { equals, IdFilter, type ListDefinition } from '../common/list-order.js';
import { ListQueryDto } from '../common/listing.js';
import type { Media } from './entities/media.entity.js';

/** GET /api/media's sorts and filter (who sent it). */
export const MEDIA_LIST: ListDefinition<Media> = {
  sorts: {
    created_at: 'media.created_at',
    original_name: 'media.original_name',
    size: 'media.size',
  },
  defaultSort: { key: 'created_at', direction: 'desc' },
  id: 'media.id',
  filters: { user_id: { apply: equals('media.user_id'), doc: { description: 'Envoyé par (id).', type: 'integer' } } },
};

export class MediaListQueryDto extends ListQueryDto {
  @IdFilter('L’utilisateur est invalide.')
  user_id?: number;
}
