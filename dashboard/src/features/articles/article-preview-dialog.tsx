import type { StaffArticle } from '@comptoir/api/contract';
import { formatDate, fullName } from '../../lib/format';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import './article-content.css';
import { ARTICLE_STATUS_TONE } from './status';
import { StoredImage } from '../products/stored-image';

/** The article as readers will see it: cover, title, author, date and the server's rendered HTML. */
export function ArticlePreviewDialog({ article, onClose }: { article: StaffArticle; onClose: () => void }) {
  const author = fullName(article.user) || 'Auteur inconnu';
  return (
    <Dialog
      open
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title="Aperçu de l'article"
      size="xl"
      readingRegion="Contenu de l'aperçu"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Fermer
        </Button>
      }
    >
      <article className="mx-auto max-w-[720px]" aria-labelledby={`preview-title-${article.id}`}>
        <StoredImage
          path={article.image}
          variants={article.image_variants}
          width="800"
          alt={article.image_alt ?? ''}
          className="mb-2 aspect-[16/9] w-full rounded-lg bg-surface-muted object-cover"
        />
        <Badge tone={ARTICLE_STATUS_TONE[article.status]}>{article.status}</Badge>
        <h2 id={`preview-title-${article.id}`} className="mt-1 text-3xl font-semibold text-ink">
          {article.title}
        </h2>
        <p className="mt-1 flex items-center gap-1 text-sm text-ink-muted">
          <Avatar src={article.user?.image} size="md" />
          <span>
            <span className="font-medium text-ink">{author}</span>
            {article.user?.profession ? <span> · {article.user.profession}</span> : null}
            <span className="block text-xs">{formatDate(article.created_at)}</span>
          </span>
        </p>
        {article.content.trim() ? (
          <div className="article-content mt-3" dangerouslySetInnerHTML={{ __html: article.content }} />
        ) : (
          <p className="mt-3 text-sm italic text-ink-subtle">Cet article n'a pas encore de contenu.</p>
        )}
      </article>
    </Dialog>
  );
}
