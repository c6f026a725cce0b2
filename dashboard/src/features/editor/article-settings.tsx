import { Copy } from 'lucide-react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FileDrop } from '../../ui/file-drop';
import { Input } from '../../ui/input';
import { notifyError, notifySuccess } from '../../ui/notify';
import { HistoryPanel } from '../audit/history-panel';
import { EDITOR_TEXTS, type SideFields } from './article-editing';

interface Props {
  /** Prefix of the fields' ids (one editor per page). */
  ids: string;
  register: UseFormRegister<SideFields>;
  errors: FieldErrors<SideFields>;
  clearAltError: () => void;
  busy: boolean;
  image: {
    stored: string | null;
    chosen: File | null;
    error: string | null;
    choose: (file: File | null) => void;
    clearStored: () => void;
    reject: (message: string) => void;
  };
  url: string;
  /** The address is fixed at the first save. */
  addressFixed: boolean;
  savedId: number | null;
  version: string | undefined;
  /** Something changed (the local draft is written, leaving asks first). */
  onChange: () => void;
}

/** The article's settings beside the canvas: title, cover image and its alternative text, address, history. */
export function ArticleSettings({
  ids,
  register,
  errors,
  clearAltError,
  busy,
  image,
  url,
  addressFixed,
  savedId,
  version,
  onChange,
}: Props) {
  const copyUrl = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess('URL copiée avec succès !');
    } catch {
      const field = document.getElementById(`${ids}-url`) as HTMLInputElement | null;
      field?.select();
      const ok = typeof document.execCommand === 'function' && document.execCommand('copy');
      if (ok) notifySuccess('URL copiée avec succès !');
      else notifyError("Impossible de copier l'URL.", 'Sélectionnez-la et copiez-la avec Ctrl+C.');
    }
  };

  return (
    <aside
      className="order-1 flex flex-col gap-2 rounded-lg border border-line bg-surface p-2 shadow-card lg:sticky lg:top-16 lg:order-2"
      aria-label="Réglages de l'article"
    >
      <Field id={`${ids}-title`} label="Titre de l'article" error={errors.title?.message} required>
        <Input
          placeholder="Le titre de votre article"
          disabled={busy}
          {...register('title', { validate: (v) => (v.trim() ? true : EDITOR_TEXTS.titleRequired), onChange })}
        />
      </Field>
      <Field id={`${ids}-image`} label="Image de couverture" error={image.error ?? undefined} required>
        <FileDrop
          layout="cover"
          value={image.chosen}
          currentImage={image.stored}
          onChange={(file) => {
            image.choose(file);
            onChange();
          }}
          onClearCurrent={() => {
            image.clearStored();
            onChange();
          }}
          onReject={image.reject}
          disabled={busy}
        />
      </Field>
      <Field
        id={`${ids}-alt`}
        label="Texte alternatif de l'image"
        hint="Décrit l'image pour les lecteurs d'écran et les moteurs de recherche."
        error={errors.image_alt?.message}
      >
        <Input
          placeholder="Ex. : Groupe électrogène de 20 kVA"
          disabled={busy}
          {...register('image_alt', {
            onChange: () => {
              clearAltError();
              onChange();
            },
          })}
        />
      </Field>
      <Field
        id={`${ids}-url`}
        label="URL de l'article"
        hint={addressFixed ? undefined : "L'adresse définitive est fixée au premier enregistrement."}
      >
        {(control) => (
          <div className="flex gap-0.5">
            <Input
              {...control}
              readOnly
              value={url}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button
              variant="secondary"
              icon={<Copy className="size-2" aria-hidden="true" />}
              onClick={() => void copyUrl()}
              disabled={!url}
            >
              copier
            </Button>
          </div>
        )}
      </Field>
      {savedId ? <HistoryPanel entity="article" id={savedId} version={version} /> : null}
    </aside>
  );
}
