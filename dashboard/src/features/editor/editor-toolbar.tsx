import type { ArticleStatus } from '@comptoir/api/contract';
import { Link } from '@tanstack/react-router';
import { Check, Send, Trash2, X } from 'lucide-react';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { ARTICLE_STATUS_TONE } from '../articles/status';
import { PublishingIndicator } from '../publishing/publishing-indicator';

interface Props {
  /** Whether the article exists on the server (« Modifier l'article » then). */
  editing: boolean;
  status: ArticleStatus | null;
  saved: boolean;
  /** The status being saved, while a save runs. */
  saving: ArticleStatus | null;
  disabled: boolean;
  avatar: string | null | undefined;
  onSave: (status: ArticleStatus) => void;
}

/** The editor's sticky bar: close, title and status, « Sauvegardé », and the three saves (corbeille, brouillon, publier). */
export function EditorToolbar({ editing, status, saved, saving, disabled, avatar, onSave }: Props) {
  return (
    <div
      className="z-20 -mx-2 -mt-3 md:sticky md:top-8 flex flex-wrap items-center gap-1 border-b border-line bg-surface/95 px-2 py-1 backdrop-blur sm:-mx-3 sm:px-3 lg:-mx-4 lg:px-4"
      role="toolbar"
      aria-label="Actions de l'article"
    >
      <Link to="/articles" className={buttonClasses('secondary', 'sm')}>
        <X className="size-2" aria-hidden="true" />
        Fermer
      </Link>
      <h1 className="ml-0.5 min-w-0 truncate text-base font-semibold text-ink">
        {editing ? "Modifier l'article" : 'Écrire un article'}
      </h1>
      {status ? <Badge tone={ARTICLE_STATUS_TONE[status]}>{status}</Badge> : null}
      <span className="min-w-0 flex-1" />
      <span role="status" aria-live="polite" className="inline-flex items-center gap-0.5 text-sm font-medium text-success">
        {saved ? (
          <>
            <Check className="size-2" aria-hidden="true" />
            Sauvegardé
          </>
        ) : null}
      </span>
      <PublishingIndicator />
      <Button
        variant="ghost"
        size="icon"
        className="text-danger hover:bg-danger-soft hover:text-danger"
        aria-label="Mettre à la corbeille"
        title="Mettre à la corbeille"
        loading={saving === 'Corbeille'}
        disabled={disabled}
        onClick={() => onSave('Corbeille')}
      >
        {saving === 'Corbeille' ? null : <Trash2 className="size-2" aria-hidden="true" />}
      </Button>
      <Button variant="secondary" loading={saving === 'Brouillon'} disabled={disabled} onClick={() => onSave('Brouillon')}>
        Brouillon
      </Button>
      <Button
        variant="accent"
        loading={saving === 'Publié'}
        disabled={disabled}
        icon={<Send className="size-2" aria-hidden="true" />}
        onClick={() => onSave('Publié')}
      >
        Publier
      </Button>
      <Link
        to="/administration/profile"
        className="ml-0.5 rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
        aria-label="Mon profil"
        title="Mon profil"
      >
        <Avatar src={avatar} size="sm" />
      </Link>
    </div>
  );
}
