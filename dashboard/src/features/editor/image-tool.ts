/**
 * The article editor's image block: @editorjs/image (2.10) with two additions the library lacks.
 *
 * 1. A "Texte alternatif" field under the caption, saved as `alt` in the block's data (the public
 *    page's <img alt>; the API falls back to the caption's text). The library only has a caption,
 *    which is visible text, not a description for people who cannot see the image.
 * 2. A refused upload removes its block. The library would show its own notice and go back to an
 *    empty block, and for a pasted or dropped file its preview (read with a FileReader, slower than
 *    a refusal made before sending) re-opened the spinner after the failure: it then turned for
 *    ever. The dashboard's toast (sent by the uploader, editor-canvas.tsx) says why.
 *
 * The library declares its internals `private` in its types; they are plain methods at runtime
 * (`ui`, `uploadingFailed`), reached here through the `ImageToolInternals` view of the class.
 */
import type { API, BlockAPI, BlockToolConstructorOptions } from '@editorjs/editorjs';
import ImageTool from '@editorjs/image';

/** The same cap as the API's (api/src/blog/editorjs.ts MAX_IMAGE_ALT) and the cover's alt. */
export const IMAGE_ALT_MAX = 255;
export const IMAGE_ALT_LABEL = 'Texte alternatif';
const IMAGE_ALT_PLACEHOLDER = 'Décrivez l’image pour qui ne la voit pas (sinon, la légende sert de texte alternatif)';

export interface ArticleImageData {
  /** `width`/`height`: the stored file's size (from the upload answer), for the public page's layout. */
  file: { url: string; width?: number | null; height?: number | null };
  caption: string;
  alt?: string;
  withBorder: boolean;
  withBackground: boolean;
  stretched: boolean;
}

interface ImageToolInternals {
  render(): HTMLElement;
  save(): ArticleImageData;
  ui: { showPreloader(src: string): void; hidePreloader(): void };
  uploadingFailed(reason: unknown): void;
}

const Base = ImageTool as unknown as new (options: BlockToolConstructorOptions<ArticleImageData>) => ImageToolInternals;

export class ArticleImageTool extends Base {
  private readonly editorApi: API;
  private readonly blockApi: BlockAPI | undefined;
  private readonly altField: HTMLLabelElement;
  private readonly altInput: HTMLInputElement;
  private uploadRefused = false;

  constructor(options: BlockToolConstructorOptions<ArticleImageData>) {
    super(options);
    this.editorApi = options.api;
    this.blockApi = options.block;

    this.altField = document.createElement('label');
    this.altField.className = 'image-tool__alt';
    const label = document.createElement('span');
    label.className = 'image-tool__alt-label';
    label.textContent = IMAGE_ALT_LABEL;
    this.altInput = document.createElement('input');
    this.altInput.type = 'text';
    this.altInput.className = 'image-tool__alt-input';
    this.altInput.maxLength = IMAGE_ALT_MAX;
    this.altInput.placeholder = IMAGE_ALT_PLACEHOLDER;
    this.altInput.value = typeof options.data?.alt === 'string' ? options.data.alt : '';
    this.altInput.readOnly = options.readOnly;
    this.altField.append(label, this.altInput);
    // A plain text field inside a block: Editor.js must not treat its keys as the block's (Enter
    // would split the article, Backspace at the start would merge blocks, arrows would leave it),
    // nor its paste as content for new blocks. Shortcuts (Ctrl/⌘ + key, e.g. Ctrl+S to save) still
    // reach the page.
    this.altInput.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') event.preventDefault();
      if (!event.ctrlKey && !event.metaKey) event.stopPropagation();
    });
    this.altInput.addEventListener('paste', (event) => event.stopPropagation());
    // A value typed in an <input> changes no DOM node, so Editor.js would not report it: the page's
    // "unsaved changes" and local draft need to know.
    this.altInput.addEventListener('input', () => this.blockApi?.dispatchChange());

    // After a refusal the preview (still being read) must not bring the spinner back.
    const showPreloader = this.ui.showPreloader.bind(this.ui);
    this.ui.showPreloader = (src: string) => {
      if (!this.uploadRefused) showPreloader(src);
    };
  }

  override render(): HTMLElement {
    const wrapper = super.render();
    wrapper.appendChild(this.altField);
    return wrapper;
  }

  override save(): ArticleImageData {
    return { ...super.save(), alt: this.altInput.value.replace(/\s+/g, ' ').trim() };
  }

  override uploadingFailed(): void {
    this.uploadRefused = true;
    this.ui.hidePreloader();
    // The block was only a placeholder for the refused file: remove it, the rest of the article stays.
    const id = this.blockApi?.id;
    const index = id ? this.editorApi.blocks.getBlockIndex(id) : -1;
    if (index >= 0) this.editorApi.blocks.delete(index);
  }
}
