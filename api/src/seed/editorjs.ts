/**
 * Editor.js document of a demo article, built from its (simple, trusted) HTML so that the editor can
 * reopen the demo articles: h2/h3 become header blocks, p paragraph blocks, ul/ol list blocks and
 * blockquote quote blocks.
 */
export interface EditorJsBlock {
  id: string;
  type: 'header' | 'paragraph' | 'list' | 'quote';
  data: Record<string, unknown>;
}

export interface EditorJsDocument {
  time: number;
  version: string;
  blocks: EditorJsBlock[];
}

const inner = (html: string) => html.replace(/\s+/g, ' ').trim();

export function htmlToEditorJs(html: string, time: number): EditorJsDocument {
  const blocks: EditorJsBlock[] = [];
  const pattern = /<(h2|h3|p|ul|ol|blockquote)>([\s\S]*?)<\/\1>/g;
  for (const match of html.matchAll(pattern)) {
    const [, tag, body] = match;
    const id = `demo${blocks.length.toString(36).padStart(4, '0')}`;
    if (tag === 'h2' || tag === 'h3')
      blocks.push({ id, type: 'header', data: { text: inner(body), level: tag === 'h2' ? 2 : 3 } });
    else if (tag === 'p') blocks.push({ id, type: 'paragraph', data: { text: inner(body) } });
    else if (tag === 'ul' || tag === 'ol')
      blocks.push({
        id,
        type: 'list',
        data: {
          style: tag === 'ol' ? 'ordered' : 'unordered',
          items: [...body.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => inner(m[1])),
        },
      });
    else blocks.push({ id, type: 'quote', data: { text: inner(body.replace(/<\/?p>/g, '')), caption: '', alignment: 'left' } });
  }
  return { time, version: '2.31.0', blocks };
}
