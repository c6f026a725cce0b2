import { SAVED_VIEW_NAME_MAX } from '@comptoir/api/text-limits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bookmark, Check, Save, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, errorText } from '../../lib/api';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { notifyError, notifySuccess } from '../../ui/notify';
import { deleteView, saveView, savedViewsKey, savedViewsQueryOptions, type SavedViewListName, type ViewQuery } from './api';

export interface SavedViewsMenuProps {
  list: SavedViewListName;
  /** The list's current URL parameters but the page (filters, search, sort, size). */
  current: ViewQuery;
  /** Replaces the list's parameters by a saved view's. */
  onApply: (query: ViewQuery) => void;
}

const sameQuery = (a: ViewQuery, b: ViewQuery) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => String(a[key]) === String(b[key]));
};

/** « Vues enregistrées »: the person's named views of a list: apply, save the current one, delete. */
export function SavedViewsMenu({ list, current, onApply }: SavedViewsMenuProps) {
  const queryClient = useQueryClient();
  const views = useQuery(savedViewsQueryOptions(list));
  const [saving, setSaving] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedViewsKey(list) });
  const remove = useMutation({
    mutationFn: deleteView,
    onSuccess: async () => {
      notifySuccess('Vue supprimée.');
      await refresh();
    },
    onError: (error) =>
      notifyError(errorText(error, 'Erreur lors de la suppression de la vue.', 'Erreur lors de la suppression de la vue.')),
  });
  const items = views.data?.views ?? [];

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary" size="sm" icon={<Bookmark className="size-2" aria-hidden="true" />}>
            Vues enregistrées
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {items.length === 0 ? <DropdownMenuLabel>Aucune vue enregistrée</DropdownMenuLabel> : null}
          {items.map((view) => (
            <DropdownMenuItem
              key={view.id}
              icon={sameQuery(view.query, current) ? <Check /> : undefined}
              onSelect={() => onApply(view.query)}
            >
              {view.name}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem icon={<Save />} onSelect={() => setSaving(true)}>
            Enregistrer la vue actuelle…
          </DropdownMenuItem>
          {items.length > 0 ? (
            <>
              <DropdownMenuSeparator />
              {items.map((view) => (
                <DropdownMenuItem key={view.id} icon={<Trash2 />} tone="danger" onSelect={() => remove.mutate(view.id)}>
                  Supprimer « {view.name} »
                </DropdownMenuItem>
              ))}
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {saving ? (
        <SaveViewDialog
          list={list}
          current={current}
          onClose={() => setSaving(false)}
          onSaved={async () => {
            setSaving(false);
            await refresh();
          }}
        />
      ) : null}
    </>
  );
}

function SaveViewDialog({
  list,
  current,
  onClose,
  onSaved,
}: {
  list: SavedViewListName;
  current: ViewQuery;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => saveView(list, name.trim(), current),
    onSuccess: async (answer) => {
      notifySuccess(`Vue « ${answer.view.name} » enregistrée.`);
      await onSaved();
    },
    onError: (failure) => {
      const field = failure instanceof ApiError ? failure.errors?.name?.[0] : undefined;
      setError(
        field ?? errorText(failure, 'Erreur lors de l’enregistrement de la vue.', 'Erreur lors de l’enregistrement de la vue.'),
      );
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Donnez un nom à la vue.');
      return;
    }
    save.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Enregistrer la vue"
      description="Les filtres, la recherche, le tri et la taille de page actuels, sous un nom (une vue du même nom est remplacée)."
      busy={save.isPending}
    >
      <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
        <Field id={`${id}-name`} label="Nom de la vue" error={error} required>
          <Input value={name} maxLength={SAVED_VIEW_NAME_MAX} onChange={(event) => setName(event.target.value)} autoFocus />
        </Field>
        <div className="flex justify-end gap-1">
          <Button variant="secondary" type="button" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Enregistrer
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
