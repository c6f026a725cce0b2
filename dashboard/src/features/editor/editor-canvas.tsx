import type { EditorDocumentData } from '@comptoir/api/contract';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { isApiError } from '../../lib/api';
import { Button } from '../../ui/button';
import { IMAGE_SIZE_MESSAGE, checkImageFile } from '../../ui/file-drop';
import { notifyError } from '../../ui/notify';
import { Spinner } from '../../ui/spinner';
import { uploadEditorImage } from './api';
import './editor.css';
import type { EditorHandle, OutputData, UploadResult } from './editorjs-setup';
import { UPLOAD_FAILED } from './media-picker-dialog';

export interface EditorCanvasHandle {
  save: () => Promise<OutputData>;
  insertImage: (url: string, size?: { width: number | null; height: number | null }) => void;
  focus: () => void;
}

/** What a refused upload says: the server's French message for the field, else a 413's limit. */
function uploadProblem(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 413) return IMAGE_SIZE_MESSAGE;
  return error.fieldError('image') ?? error.serverMessage;
}

/**
 * A file chosen, pasted or dropped in an image block. Checked here first (type, and the server's
 * size limit from GET /api/config) so a refused file is not sent; a refusal is told in a toast and
 * answered `success: 0`, on which the image block removes itself (image-tool.ts).
 */
async function uploadByFile(blob: Blob): Promise<UploadResult> {
  // A pasted <img src="blob:…"> reaches here as a bare Blob: checked by its type and size too.
  const file = blob instanceof File ? blob : new File([blob], 'image', { type: blob.type });
  const problem = checkImageFile(file);
  if (problem) {
    notifyError(UPLOAD_FAILED, problem);
    return { success: 0 };
  }
  try {
    const answer = await uploadEditorImage(file);
    return { success: 1, file: { url: answer.file.url, width: answer.media.width, height: answer.media.height } };
  } catch (error) {
    notifyError(UPLOAD_FAILED, uploadProblem(error));
    return { success: 0 };
  }
}

/** An image pasted as a `data:` address (some applications copy images so): its bytes, or null. */
function dataUrlBlob(url: string): Blob | null {
  const match = /^data:(image\/[\w.+-]+);base64,([A-Za-z0-9+/=\s]+)$/i.exec(url);
  if (!match) return null;
  try {
    const bytes = Uint8Array.from(atob(match[2]!.replace(/\s/g, '')), (c) => c.charCodeAt(0));
    return new Blob([bytes], { type: match[1]!.toLowerCase() });
  } catch {
    return null;
  }
}

async function uploadByUrl(url: string): Promise<UploadResult> {
  if (/^https:\/\//i.test(url.trim())) return { success: 1, file: { url: url.trim() } };
  // Uploaded like a pasted file (checked, stored, resized) rather than refused.
  const pasted = dataUrlBlob(url.trim());
  if (pasted) return uploadByFile(pasted);
  notifyError(UPLOAD_FAILED, 'Seules les images envoyées sur le site ou à une adresse https sont acceptées.');
  return { success: 0 };
}

function waitForInstance(ref: { current: EditorHandle | null }, timeoutMs: number): Promise<EditorHandle | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      if (ref.current) resolve(ref.current);
      else if (Date.now() - started > timeoutMs) resolve(null);
      else window.setTimeout(check, 50);
    };
    check();
  });
}

/**
 * The article's body: Editor.js, loaded on demand (its own chunk) and started on a fresh element
 * so that React's double start in development and a quick remount never share one instance.
 */
export function EditorCanvas({
  data,
  onChange,
  ref,
  labelledBy,
}: {
  data: EditorDocumentData | undefined;
  onChange?: () => void;
  ref?: Ref<EditorCanvasHandle>;
  labelledBy?: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const instance = useRef<EditorHandle | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  // The document to start with is read once per start; later changes belong to the editor.
  const initial = useRef(data);

  useImperativeHandle(
    ref,
    () => ({
      // A save asked while the editor is still starting waits for it (a few seconds at most).
      save: async () => {
        const editor = instance.current ?? (await waitForInstance(instance, 8000));
        if (!editor) throw new Error('editor not ready');
        return editor.save();
      },
      insertImage: (url, size) => instance.current?.insertImage(url, size),
      focus: () => instance.current?.focus(),
    }),
    [],
  );

  useEffect(() => {
    let cancelled = false;
    let created: EditorHandle | null = null;
    let readyAt = 0;
    const element = document.createElement('div');
    holder.current?.appendChild(element);
    // Typing (a paragraph, a caption, an image's alt text) marks the article changed at once: Editor.js
    // reports changes after a batching delay, and ignores those of its first moments below, so a click
    // on "Fermer" right after typing would otherwise leave without asking. Only people fire `input`.
    const typed = (event: Event) => {
      if (event.isTrusted) changed.current?.();
    };
    element.addEventListener('input', typed, true);
    setState('loading');
    import('./editorjs-setup')
      .then(async ({ createEditor }) => {
        if (cancelled) return;
        created = createEditor({
          holder: element,
          data: initial.current as OutputData | undefined,
          uploadByFile,
          uploadByUrl,
          // Changes reported while the document is first drawn are not the user's.
          onChange: () => {
            if (readyAt > 0 && performance.now() - readyAt > 300) changed.current?.();
          },
        });
        await created.isReady;
        if (cancelled) return;
        readyAt = performance.now();
        instance.current = created;
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('error');
      });
    return () => {
      cancelled = true;
      instance.current = null;
      const done = created;
      if (done) void done.isReady.then(() => done.destroy()).catch(() => done.destroy());
      element.removeEventListener('input', typed, true);
      element.remove();
    };
  }, [attempt]);

  return (
    <div className="relative" aria-labelledby={labelledBy} role="group">
      {state === 'loading' ? (
        <div className="absolute inset-x-0 top-0 flex justify-center py-4 text-brand-700">
          <Spinner size="lg" label="Chargement de l'éditeur…" />
        </div>
      ) : null}
      {state === 'error' ? (
        <div className="flex flex-col items-center gap-1 py-4 text-center" role="alert">
          <TriangleAlert className="size-3 text-danger" aria-hidden="true" />
          <p className="text-sm font-medium text-danger">Impossible de charger l'éditeur.</p>
          <Button
            variant="secondary"
            size="sm"
            icon={<RotateCw className="size-2" aria-hidden="true" />}
            onClick={() => setAttempt((n) => n + 1)}
          >
            Réessayer
          </Button>
        </div>
      ) : null}
      <div ref={holder} className="article-editor min-h-[320px]" data-testid="article-editor" />
    </div>
  );
}
