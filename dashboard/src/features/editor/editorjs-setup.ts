/**
 * Editor.js and its tools. Only the article editor imports this module, dynamically, so that the
 * editor (about 200 kB) lands in its own chunk and loads only on /dashboard/ecrire-article.
 */
import Delimiter from '@editorjs/delimiter';
import EditorJS, { type OutputData, type ToolConstructable } from '@editorjs/editorjs';
import Embed from '@editorjs/embed';
import Header from '@editorjs/header';
import List from '@editorjs/list';
import Quote from '@editorjs/quote';
import Table from '@editorjs/table';
import { EDITOR_MESSAGES_FR } from './editor-i18n';
import { ArticleImageTool } from './image-tool';

export type { OutputData };

export interface UploadResult {
  success: 0 | 1;
  /** Kept as is in the block (`data.file`): the size lets the public page reserve the image's place. */
  file?: { url: string; width?: number | null; height?: number | null };
}

export interface CreateEditorOptions {
  holder: HTMLElement;
  data?: OutputData;
  /** Sends a file chosen or pasted in an image block (POST /api/upload-image). */
  uploadByFile: (file: Blob) => Promise<UploadResult>;
  /** An image address pasted in an image block (kept as is when https). */
  uploadByUrl: (url: string) => Promise<UploadResult>;
  onChange?: () => void;
}

export interface EditorHandle {
  save: () => Promise<OutputData>;
  /** Inserts an image block after the current block (the media picker). */
  insertImage: (url: string, size?: { width: number | null; height: number | null }) => void;
  focus: () => void;
  isReady: Promise<void>;
  destroy: () => void;
}

export function createEditor({ holder, data, uploadByFile, uploadByUrl, onChange }: CreateEditorOptions): EditorHandle {
  const editor = new EditorJS({
    holder,
    data,
    minHeight: 240,
    placeholder: 'Commencez à écrire votre article…',
    i18n: { messages: EDITOR_MESSAGES_FR },
    onChange: () => onChange?.(),
    tools: {
      header: {
        class: Header as unknown as ToolConstructable,
        inlineToolbar: true,
        config: { placeholder: 'Titre', levels: [2, 3, 4], defaultLevel: 2 },
      },
      list: {
        class: List as unknown as ToolConstructable,
        inlineToolbar: true,
        config: { defaultStyle: 'unordered', maxLevel: 4 },
      },
      quote: {
        class: Quote as unknown as ToolConstructable,
        inlineToolbar: true,
        config: { quotePlaceholder: 'Saisissez une citation', captionPlaceholder: 'Auteur de la citation' },
      },
      image: {
        class: ArticleImageTool as unknown as ToolConstructable,
        config: {
          captionPlaceholder: 'Légende',
          buttonContent: 'Choisir une image',
          types: 'image/png, image/jpeg, image/webp, image/svg+xml',
          uploader: { uploadByFile, uploadByUrl },
        },
      },
      table: {
        class: Table as unknown as ToolConstructable,
        inlineToolbar: true,
        config: { rows: 2, cols: 3, withHeadings: true },
      },
      embed: {
        class: Embed as unknown as ToolConstructable,
        inlineToolbar: false,
        config: { services: { youtube: true, vimeo: true } },
      },
      delimiter: Delimiter as unknown as ToolConstructable,
    },
  });

  return {
    save: () => editor.save(),
    insertImage: (url, size) => {
      const current = editor.blocks.getCurrentBlockIndex();
      const count = editor.blocks.getBlocksCount();
      const index = current >= 0 ? current + 1 : count;
      editor.blocks.insert(
        'image',
        {
          file: size?.width && size.height ? { url, width: size.width, height: size.height } : { url },
          caption: '',
          alt: '',
          withBorder: false,
          withBackground: false,
          stretched: false,
        },
        undefined,
        index,
        true,
      );
      editor.caret.setToBlock(index, 'end');
    },
    focus: () => {
      editor.focus();
    },
    isReady: editor.isReady,
    destroy: () => {
      try {
        editor.destroy();
      } catch {
        // Destroying an editor that failed to start: nothing left to clean.
      }
    },
  };
}
