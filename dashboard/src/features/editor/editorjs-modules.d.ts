// @editorjs/embed ships its types but its package.json "exports" does not point at them.
declare module '@editorjs/embed' {
  import type { BlockToolConstructable } from '@editorjs/editorjs';
  const Embed: BlockToolConstructable;
  export default Embed;
}
