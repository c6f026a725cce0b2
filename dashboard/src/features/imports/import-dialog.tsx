import type { ImportKindName, ImportPreview, ImportSummary } from '@comptoir/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import { errorText, isApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormAlert } from '../../ui/field';
import { notifySuccess } from '../../ui/notify';
import { applyImport, previewImport, templateHref } from './api';

const WHAT: Record<ImportKindName, { title: string; key: string; images: boolean }> = {
  products: { title: 'Importer des produits', key: 'Référence', images: true },
  customers: { title: 'Importer des clients', key: 'E-mail', images: false },
  stock: { title: 'Importer des entrées de stock', key: 'Lot', images: false },
};

const ACTION_LABEL = { create: 'Création', update: 'Mise à jour', error: 'Erreur' } as const;

export interface ImportButtonProps {
  kind: ImportKindName;
  /** The queries to refresh once rows are written (the list, its counts). */
  invalidate: readonly (readonly unknown[])[];
}

/**
 * « Importer »: a CSV or Excel file (and, for products, a ZIP of the images it names) read and
 * checked by the server; the preview lists every row in error with its reason; « Appliquer » writes
 * the valid rows and answers how many were created and updated.
 */
export function ImportButton({ kind, invalidate }: ImportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" icon={<FileUp className="size-2" aria-hidden="true" />} onClick={() => setOpen(true)}>
        Importer
      </Button>
      {open ? <ImportDialog kind={kind} invalidate={invalidate} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ImportDialog({ kind, invalidate, onClose }: ImportButtonProps & { onClose: () => void }) {
  const what = WHAT[kind];
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);

  const check = async () => {
    if (!file) return setError('Choisissez un fichier CSV ou Excel (.xlsx).');
    setBusy(true);
    setError(null);
    try {
      setPreview((await previewImport(kind, file, images)).preview);
    } catch (failure) {
      const fields = isApiError(failure) ? [...(failure.errors.file ?? []), ...(failure.errors.images ?? [])] : [];
      setError(fields[0] ?? errorText(failure, 'Le fichier n’a pas pu être vérifié.'));
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!preview) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await applyImport(kind, preview.token);
      setSummary(answer.summary);
      notifySuccess('Import terminé', answer.message);
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } catch (failure) {
      setError(
        isApiError(failure) ? (failure.fieldError('token') ?? errorText(failure, 'L’import a échoué.')) : 'L’import a échoué.',
      );
    } finally {
      setBusy(false);
    }
  };

  const footer = summary ? (
    <Button onClick={onClose}>Fermer</Button>
  ) : preview ? (
    <>
      <Button variant="secondary" onClick={() => setPreview(null)} disabled={busy}>
        Changer de fichier
      </Button>
      <Button onClick={() => void apply()} disabled={busy || preview.creates + preview.updates === 0}>
        {busy ? 'Import en cours…' : 'Appliquer'}
      </Button>
    </>
  ) : (
    <>
      <Button variant="secondary" onClick={onClose} disabled={busy}>
        Annuler
      </Button>
      <Button onClick={() => void check()} disabled={busy || !file}>
        {busy ? 'Vérification…' : 'Vérifier le fichier'}
      </Button>
    </>
  );

  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())} title={what.title} size="xl" busy={busy} footer={footer}>
      <div className="flex flex-col gap-2">
        {error ? <FormAlert>{error}</FormAlert> : null}
        {summary ? (
          <div data-testid="import-summary">
            <FormAlert tone="success">
              {summary.created} créé(s), {summary.updated} mis à jour, {summary.unchanged} inchangé(s), {summary.skipped}{' '}
              ignoré(s) (lignes en erreur), {summary.failed.length} refusé(s).
            </FormAlert>
            {summary.failed.length ? (
              <ul className="mt-1 list-disc pl-3 text-sm text-danger">
                {summary.failed.map((row) => (
                  <li key={row.line}>{row.message}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : preview ? (
          <PreviewTable preview={preview} keyLabel={what.key} />
        ) : (
          <>
            <p className="text-sm text-ink-muted">
              Un fichier CSV (UTF-8, séparateur « ; » ou « , ») ou Excel (.xlsx), la première ligne portant les en-têtes du
              modèle. Les lignes dont la clé ({what.key}) existe déjà mettent à jour l’enregistrement au lieu d’en créer un autre.
            </p>
            <p className="flex flex-wrap gap-1 text-sm">
              Modèle :
              <a className="text-accent-700 underline" href={templateHref(kind, 'csv')} download>
                CSV
              </a>
              <a className="text-accent-700 underline" href={templateHref(kind, 'xlsx')} download>
                Excel
              </a>
            </p>
            <label className="flex flex-col gap-0.5 text-sm font-medium text-ink" htmlFor={`${id}-file`}>
              Fichier à importer
              <input
                id={`${id}-file`}
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </label>
            {what.images ? (
              <label className="flex flex-col gap-0.5 text-sm font-medium text-ink" htmlFor={`${id}-images`}>
                Images (facultatif) : un fichier ZIP des images nommées dans la colonne « Images »
                <input
                  id={`${id}-images`}
                  type="file"
                  accept=".zip,application/zip"
                  onChange={(event) => setImages(event.target.files?.[0] ?? null)}
                />
              </label>
            ) : null}
          </>
        )}
      </div>
    </Dialog>
  );
}

function PreviewTable({ preview, keyLabel }: { preview: ImportPreview; keyLabel: string }) {
  const hidden = preview.total - preview.rows.length;
  return (
    <div className="flex flex-col gap-1.5" data-testid="import-preview">
      <FormAlert tone={preview.invalid ? 'danger' : 'info'}>
        {preview.file_name} : {preview.total} ligne(s) — {preview.creates} à créer, {preview.updates} à mettre à jour,{' '}
        {preview.invalid} en erreur{preview.invalid ? ' (elles ne seront pas importées)' : ''}.
      </FormAlert>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Aperçu de l’import">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-line text-left text-ink-muted">
              <th className="px-1 py-0.5 font-medium">Ligne</th>
              <th className="px-1 py-0.5 font-medium">{keyLabel}</th>
              <th className="px-1 py-0.5 font-medium">Nom</th>
              <th className="px-1 py-0.5 font-medium">Action</th>
              <th className="px-1 py-0.5 font-medium">Erreurs</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.line} className="border-b border-line align-top">
                <td className="px-1 py-0.5 tabular-nums">{row.line}</td>
                <td className="px-1 py-0.5">{row.key}</td>
                <td className="px-1 py-0.5">{row.label}</td>
                <td className={row.action === 'error' ? 'px-1 py-0.5 text-danger' : 'px-1 py-0.5'}>{ACTION_LABEL[row.action]}</td>
                <td className="px-1 py-0.5 text-danger">
                  {row.errors.map((message) => (
                    <div key={message}>{message}</div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hidden > 0 ? <p className="text-xs text-ink-subtle">{hidden} autre(s) ligne(s) valide(s) non affichée(s).</p> : null}
    </div>
  );
}
