import { DATASHEET_TITLE_MAX } from '@comptoir/api/text-limits';
import type { ProductDatasheetFile } from '@comptoir/api/contract';
import { fileSizeLabel } from '@comptoir/api/file-size';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { errorText, isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { VersionGuard } from '../../lib/versioning';
import { Button } from '../../ui/button';
import { FieldError } from '../../ui/field';
import { Input } from '../../ui/input';
import { notifyError, notifySuccess } from '../../ui/notify';
import { addDatasheet, DATASHEET_MAX_BYTES, removeDatasheet } from './api';

const TOO_BIG = 'Le fichier ne doit pas dépasser 10 Mo.';
const NOT_PDF = 'Choisissez un fichier PDF.';

/**
 * « Fiches techniques »: the product's PDFs, each with its title. Each one is sent (or removed) at once,
 * as an edit of the product: the form's version moves on with it (`guard.saved`).
 */
export function ProductDatasheets<T extends { version: number }>({
  productId,
  initial,
  guard,
  disabled,
}: {
  productId: number | null;
  initial: ProductDatasheetFile[];
  guard: VersionGuard<T>;
  disabled: boolean;
}) {
  const queryClient = useQueryClient();
  const [sheets, setSheets] = useState(initial);
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string }>({});
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  if (productId === null) {
    return (
      <section aria-labelledby="product-datasheets-title" className="flex flex-col gap-0.5">
        <h3 id="product-datasheets-title" className="text-sm font-medium text-ink">
          Fiches techniques
        </h3>
        <p className="text-xs text-ink-subtle">Enregistrez d’abord le produit pour y joindre des fiches techniques (PDF).</p>
      </section>
    );
  }

  const done = async (answer: { datasheets: ProductDatasheetFile[]; version: number }, message: string) => {
    setSheets(answer.datasheets);
    guard.saved({ version: answer.version });
    notifySuccess(message);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.publishingStatus }),
    ]);
  };

  const upload = async () => {
    const problems: typeof errors = {};
    if (!title.trim()) problems.title = 'Le titre est requis.';
    if (!file) problems.file = NOT_PDF;
    else if (file.size > DATASHEET_MAX_BYTES) problems.file = TOO_BIG;
    setErrors(problems);
    if (problems.title || problems.file) return;
    setBusy(true);
    try {
      await done(await addDatasheet(productId, title.trim(), file!, guard.version), 'Fiche technique ajoutée avec succès.');
      setTitle('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      if (guard.catchConflict(error)) return;
      if (isApiError(error)) setErrors({ title: error.fieldError('title'), file: error.fieldError('file') });
      notifyError(
        'Erreur lors de l’envoi de la fiche technique.',
        errorText(error, '', 'Erreur de connexion au serveur.') || undefined,
      );
    } finally {
      setBusy(false);
    }
  };

  const remove = async (sheet: ProductDatasheetFile) => {
    setBusy(true);
    try {
      await done(await removeDatasheet(productId, sheet.id, guard.version), 'Fiche technique supprimée avec succès.');
    } catch (error) {
      if (guard.catchConflict(error)) return;
      notifyError('Erreur lors de la suppression.', errorText(error, '', 'Erreur de connexion au serveur.') || undefined);
    } finally {
      setBusy(false);
    }
  };

  const off = disabled || busy;
  return (
    <section aria-labelledby="product-datasheets-title" className="flex flex-col gap-1">
      <h3 id="product-datasheets-title" className="text-sm font-medium text-ink">
        Fiches techniques
      </h3>
      {sheets.length ? (
        <ul className="flex flex-col gap-0.5" aria-label="Fiches techniques jointes">
          {sheets.map((sheet) => (
            <li key={sheet.id} className="flex items-center gap-1 text-sm">
              <FileText className="size-2 shrink-0 text-ink-subtle" aria-hidden="true" />
              <a href={sheet.url} target="_blank" rel="noreferrer" className="underline">
                {sheet.title}
              </a>
              <span className="text-xs text-ink-subtle">(PDF, {fileSizeLabel(sheet.size)})</span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Retirer la fiche « ${sheet.title} »`}
                disabled={off}
                onClick={() => void remove(sheet)}
                icon={<Trash2 className="size-2" aria-hidden="true" />}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-ink-subtle">Aucune fiche technique.</p>
      )}
      <div className="grid gap-1 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <div className="flex flex-col gap-0.5">
          <label htmlFor="datasheet-title" className="text-xs font-medium text-ink">
            Titre de la fiche
          </label>
          <Input
            id="datasheet-title"
            maxLength={DATASHEET_TITLE_MAX}
            value={title}
            disabled={off}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? 'datasheet-title-error' : undefined}
            onChange={(e) => setTitle(e.target.value)}
          />
          {errors.title ? <FieldError id="datasheet-title-error">{errors.title}</FieldError> : null}
        </div>
        <div className="flex flex-col gap-0.5">
          <label htmlFor="datasheet-file" className="text-xs font-medium text-ink">
            Fichier PDF (10 Mo au plus)
          </label>
          <input
            ref={fileInput}
            id="datasheet-file"
            type="file"
            accept="application/pdf,.pdf"
            disabled={off}
            className="text-sm"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'datasheet-file-error' : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {errors.file ? <FieldError id="datasheet-file-error">{errors.file}</FieldError> : null}
        </div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="sm:mt-2.5"
          loading={busy}
          disabled={off}
          onClick={() => void upload()}
          icon={<Upload className="size-2" aria-hidden="true" />}
        >
          Joindre la fiche
        </Button>
      </div>
    </section>
  );
}
