import { describe, expect, it } from '@jest/globals';
import { applyEdits, parseBuiltPage } from './built-page';
import { scriptPriorityEdits } from './page-scripts';
import { prunePageStyles } from './page-styles';

const SHEET = '@layer utilities{.p-1{padding:1px}.p-2{padding:2px}}';

/** Texts staff can type (titles, names, alt texts): markup-like, but text or attribute values in the page. */
const HOSTILE = [
  '<style>b</style>',
  '</style>',
  '<style>',
  '</script>',
  '<script type="module" src="/x.js">',
  '<!--',
  ']]>',
  '{{',
  '${',
];

/** A page as Astro renders one: texts escaped in content, `"` and `&` escaped in attribute values. */
function page(text: string): string {
  const attribute = text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const content = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    `<html><head><title>${content}</title><style>${SHEET}</style>` +
    `<script type="module" src="/_astro/page.js"></script></head>` +
    `<body><h1 class="p-1">${content}</h1><img alt="${attribute}" src="/a.webp">` +
    `<astro-island component-url="/_astro/Catalogue.B1x.js" props="{&quot;t&quot;:&quot;${attribute}&quot;}"></astro-island></body></html>`
  );
}

describe('built page', () => {
  it.each(HOSTILE)('finds only the real elements when staff text holds %s', (text) => {
    const html = page(text);
    const built = parseBuiltPage(html);
    expect(built.styles.map(({ start, end }) => html.slice(start, end))).toEqual([SHEET]);
    expect(built.moduleScripts).toHaveLength(1);
    expect(built.islands).toEqual(['Catalogue']);

    // The stylesheet is pruned, the text is kept byte for byte where it was.
    const pruned = prunePageStyles(html, new Set());
    expect(pruned).toContain('.p-1{padding:1px}');
    expect(pruned).not.toContain('.p-2');
    expect(pruned.replace(/<style>.*?<\/style>/, '')).toBe(html.replace(/<style>.*?<\/style>/, ''));
  });

  it('lowers the priority of external module scripts only, once', () => {
    const html =
      '<script type="module" src="/a.js"></script><script type="module">x()</script><script type="module" fetchpriority="low" src="/b.js"></script>';
    const out = applyEdits(html, scriptPriorityEdits(parseBuiltPage(html)));
    expect(out).toBe(
      '<script fetchpriority="low" type="module" src="/a.js"></script><script type="module">x()</script><script type="module" fetchpriority="low" src="/b.js"></script>',
    );
  });

  it('leaves a stylesheet it cannot read as it is instead of failing the build', () => {
    const html = '<style>b</style><p class="p-1">x</p>';
    expect(prunePageStyles(html, new Set())).toBe(html);
  });
});
