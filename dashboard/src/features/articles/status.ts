import type { ArticleStatus } from '@comptoir/api/contract';
import type { BadgeTone } from '../../ui/badge';

export const ARTICLE_STATUSES: readonly ArticleStatus[] = ['Publié', 'Brouillon', 'Corbeille'];

/** Spec section 4: Brouillon yellow, Publié green, Corbeille red. */
export const ARTICLE_STATUS_TONE: Record<ArticleStatus, BadgeTone> = {
  Brouillon: 'warning',
  Publié: 'success',
  Corbeille: 'danger',
};

export function isArticleStatus(value: unknown): value is ArticleStatus {
  return value === 'Brouillon' || value === 'Publié' || value === 'Corbeille';
}
