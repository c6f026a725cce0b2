import type { EditorDocumentData } from '@comptoir/api/contract';

type Block = EditorDocumentData['blocks'][number];
interface ListItem {
  content: string;
  meta: Record<string, never>;
  items: ListItem[];
}

function listItems(list: Element): ListItem[] {
  return Array.from(list.children)
    .filter((child) => child.tagName === 'LI')
    .map((li) => {
      const nested = Array.from(li.children).filter((c) => c.tagName === 'UL' || c.tagName === 'OL');
      const clone = li.cloneNode(true) as Element;
      for (const n of Array.from(clone.children)) if (n.tagName === 'UL' || n.tagName === 'OL') n.remove();
      return { content: clone.innerHTML.trim(), meta: {}, items: nested.flatMap((n) => listItems(n)) };
    });
}

/** An image block from an <img>: its alt stays an alt text (not a visible caption), its size is kept. */
function imageBlock(img: Element, caption: string): Block[] {
  const url = img.getAttribute('src');
  if (!url) return [];
  const width = Number(img.getAttribute('width'));
  const height = Number(img.getAttribute('height'));
  const file = width > 0 && height > 0 ? { url, width, height } : { url };
  // The server writes the caption's text as alt when none was typed: that one is not kept as typed.
  const captionText = new DOMParser().parseFromString(caption, 'text/html').body.textContent?.trim() ?? '';
  const alt = (img.getAttribute('alt') ?? '').trim();
  return [{ type: 'image', data: { file, caption, alt: alt === captionText ? '' : alt } }];
}

function blockOf(node: Element): Block[] {
  const tag = node.tagName;
  if (/^H[1-6]$/.test(tag)) {
    const level = Math.min(4, Math.max(2, Number(tag[1])));
    return [{ type: 'header', data: { text: node.innerHTML.trim(), level } }];
  }
  if (tag === 'P') return node.innerHTML.trim() ? [{ type: 'paragraph', data: { text: node.innerHTML.trim() } }] : [];
  if (tag === 'UL' || tag === 'OL') {
    return [{ type: 'list', data: { style: tag === 'OL' ? 'ordered' : 'unordered', meta: {}, items: listItems(node) } }];
  }
  if (tag === 'BLOCKQUOTE') {
    return [{ type: 'quote', data: { text: node.innerHTML.trim(), caption: '', alignment: 'left' } }];
  }
  if (tag === 'HR') return [{ type: 'delimiter', data: {} }];
  if (tag === 'IMG') return imageBlock(node, '');
  if (tag === 'TABLE') {
    const rows = Array.from(node.querySelectorAll('tr')).map((tr) =>
      Array.from(tr.querySelectorAll('th,td')).map((cell) => cell.innerHTML.trim()),
    );
    return rows.length ? [{ type: 'table', data: { withHeadings: Boolean(node.querySelector('th')), content: rows } }] : [];
  }
  if (tag === 'FIGURE') {
    const img = node.querySelector('img');
    const caption = node.querySelector('figcaption')?.innerHTML.trim() ?? '';
    if (img?.getAttribute('src')) return imageBlock(img, caption);
    const quote = node.querySelector('blockquote');
    if (quote) return [{ type: 'quote', data: { text: quote.innerHTML.trim(), caption, alignment: 'left' } }];
    const table = node.querySelector('table');
    if (table) return blockOf(table);
    const iframe = node.querySelector('iframe');
    const src = iframe?.getAttribute('src') ?? '';
    const service = /youtube/.test(src) ? 'youtube' : /vimeo/.test(src) ? 'vimeo' : null;
    if (service) return [{ type: 'embed', data: { service, source: src, embed: src, width: 580, height: 320, caption } }];
  }
  if (tag === 'DIV' || tag === 'SECTION' || tag === 'ARTICLE') return Array.from(node.children).flatMap(blockOf);
  const text = node.textContent?.trim();
  return text ? [{ type: 'paragraph', data: { text } }] : [];
}

/**
 * Editor blocks for an article stored before the editor kept its document (only its HTML):
 * headings, paragraphs, lists, quotes, images, tables, videos and separators are recovered.
 */
export function htmlToBlocks(html: string): EditorDocumentData {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const blocks: Block[] = [];
  for (const node of Array.from(doc.body.childNodes)) {
    if (node.nodeType === Node.ELEMENT_NODE) blocks.push(...blockOf(node as Element));
    else if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) {
      blocks.push({ type: 'paragraph', data: { text: node.textContent.trim() } });
    }
  }
  return { blocks };
}
