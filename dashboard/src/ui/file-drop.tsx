import { ImagePlus, Trash2, Upload } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { storageUrl } from '../lib/api';
import { cn } from '../lib/cn';
import { runtimeConfig } from '../lib/runtime-config';

/** The image types the spec accepts everywhere (PNG, JPG, JPEG, SVG, WEBP). */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'] as const;
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'svg', 'webp'];
/** The server's own limit (GET /api/config), so both sides refuse the same files. */
export const imageMaxBytes = (): number => runtimeConfig().upload_max_bytes;
export const IMAGE_TYPE_MESSAGE = 'Format invalide. Formats acceptés : PNG, JPG, JPEG, SVG, WEBP.';
export const IMAGE_SIZE_MESSAGE = "L'image ne doit pas dépasser 5MB.";

/** Checks a chosen file on the client (type by MIME type or extension, then size); null when fine. */
export function checkImageFile(file: File, options: { allowSvg?: boolean; maxBytes?: number } = {}): string | null {
  const { allowSvg = true, maxBytes = imageMaxBytes() } = options;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const types: readonly string[] = allowSvg ? IMAGE_MIME_TYPES : IMAGE_MIME_TYPES.filter((t) => t !== 'image/svg+xml');
  const extensions = allowSvg ? IMAGE_EXTENSIONS : IMAGE_EXTENSIONS.filter((e) => e !== 'svg');
  const typeOk = file.type ? types.includes(file.type) : extensions.includes(extension);
  if (!typeOk) return IMAGE_TYPE_MESSAGE;
  if (file.size > maxBytes) return IMAGE_SIZE_MESSAGE;
  return null;
}

/** An object URL for a chosen file, revoked when the file changes or the component goes. */
export function useObjectUrl(file: File | null | undefined): string | undefined {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

export interface FileDropProps {
  id?: string;
  /** The newly chosen file, if any. */
  value: File | null;
  /** Called with a valid file, or null when the choice is removed. */
  onChange: (file: File | null) => void;
  /** Called with the spec's message when a file is refused on the client. */
  onReject: (message: string) => void;
  /** The image already stored (edit mode), shown until a new file is chosen. */
  currentImage?: string | null;
  /** Under the drop text: the accepted formats ("SVG, PNG, JPG ou WEBP"). */
  hint?: string;
  allowSvg?: boolean;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** When set, a stored image (edit mode) can be removed too: "Retirer" calls this. */
  onClearCurrent?: () => void;
  /** 'cover': a large preview above the controls (an article's cover image). Default 'row'. */
  layout?: 'row' | 'cover';
  /**
   * Several files at once (product images): every valid file chosen or dropped goes to
   * `onFilesChange`, `onReject` gets the first problem; `value` and the preview are then unused
   * (the caller shows the chosen files).
   */
  multiple?: boolean;
  onFilesChange?: (files: File[]) => void;
}

/** Drop an image on the zone or click it to choose one; shows a preview of the choice. */
export function FileDrop({
  id,
  value,
  onChange,
  onReject,
  currentImage,
  hint = 'SVG, PNG, JPG ou WEBP',
  allowSvg = true,
  disabled,
  onClearCurrent,
  layout = 'row',
  multiple = false,
  onFilesChange,
  ...aria
}: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const preview = useObjectUrl(multiple ? null : value);
  const shown = multiple ? undefined : (preview ?? storageUrl(currentImage));
  const cover = layout === 'cover';

  const take = (files: FileList | null) => {
    if (multiple && onFilesChange) {
      const list = Array.from(files ?? []);
      if (list.length === 0) return;
      const problems = list.map((file) => checkImageFile(file, { allowSvg }));
      const valid = list.filter((_, index) => !problems[index]);
      const problem = problems.find(Boolean);
      if (valid.length) onFilesChange(valid);
      if (problem) onReject(problem);
      return;
    }
    const file = files?.[0];
    if (!file) return;
    const problem = checkImageFile(file, { allowSvg });
    if (problem) onReject(problem);
    else onChange(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <div
      className={cn(
        'relative flex rounded-lg border-2 border-dashed p-1.5 transition-colors',
        cover ? 'flex-col gap-1.5' : 'items-center gap-2',
        dragging ? 'border-brand-500 bg-brand-50' : 'border-line bg-surface-muted/50',
        aria['aria-invalid'] && 'border-danger',
      )}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <div
        className={cn(
          'grid shrink-0 place-items-center overflow-hidden rounded-md bg-surface text-ink-subtle shadow-card',
          cover ? 'aspect-[16/9] w-full' : 'size-8',
        )}
      >
        {shown ? (
          <img src={shown} alt="Aperçu de l'image" className="size-full object-cover" />
        ) : (
          <ImagePlus className="size-3" aria-hidden="true" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <button
          type="button"
          id={id}
          disabled={disabled}
          onClick={() => input.current?.click()}
          className="inline-flex items-center gap-1 rounded-sm text-left text-sm font-medium text-brand-700 hover:underline focus-visible:outline-3 focus-visible:outline-accent-500"
          aria-invalid={aria['aria-invalid']}
          aria-describedby={aria['aria-describedby']}
        >
          <Upload className="size-2" aria-hidden="true" />
          <span>
            {shown && cover ? 'Remplacer l’image' : 'Cliquer pour choisir'}{' '}
            <span className="font-normal text-ink-muted">ou glisser-déposer {multiple ? 'des images' : 'une image'}</span>
          </span>
        </button>
        <p className="mt-0.5 text-xs text-ink-muted">{hint} (5 Mo max.)</p>
        {value && !multiple ? (
          <p className="mt-0.5 flex items-center gap-1 truncate text-xs text-ink-muted">
            <span className="truncate">{value.name}</span>
            <button
              type="button"
              className="inline-flex items-center gap-0.5 text-danger hover:underline"
              onClick={() => onChange(null)}
            >
              <Trash2 className="size-1.5" aria-hidden="true" />
              Retirer
            </button>
          </p>
        ) : !multiple && shown && onClearCurrent ? (
          <p className="mt-0.5 flex items-center gap-1 text-xs text-ink-muted">
            <button
              type="button"
              className="inline-flex items-center gap-0.5 text-danger hover:underline"
              disabled={disabled}
              onClick={onClearCurrent}
            >
              <Trash2 className="size-1.5" aria-hidden="true" />
              Retirer l’image
            </button>
          </p>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        multiple={multiple}
        accept={allowSvg ? IMAGE_MIME_TYPES.join(',') : IMAGE_MIME_TYPES.filter((t) => t !== 'image/svg+xml').join(',')}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
