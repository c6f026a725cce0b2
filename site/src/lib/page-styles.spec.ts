import { describe, expect, it } from '@jest/globals';
import { classTokens, prunePageStyles, pruneStylesheet, requiredClasses } from './page-styles';

describe('per-page stylesheet', () => {
  it('reads the classes a selector needs, unescaped, outside parentheses and attribute values', () => {
    expect(requiredClasses('.md\\:grid-cols-2')).toEqual(['md:grid-cols-2']);
    expect(requiredClasses('.w-1\\/2')).toEqual(['w-1/2']);
    expect(requiredClasses('.aria-\\[current\\=page\\]\\:underline[aria-current=page]')).toEqual([
      'aria-[current=page]:underline',
    ]);
    expect(requiredClasses('.group:hover .group-hover\\:text-white')).toEqual(['group', 'group-hover:text-white']);
    expect(requiredClasses('.\\32 xl\\:p-2')).toEqual(['2xl:p-2']);
    // A negated or alternative class is never needed; an attribute's value is not a class.
    expect(requiredClasses('.btn:not(.btn-outline)')).toEqual(['btn']);
    expect(requiredClasses(':where(.space-y-2>:not(:last-child))')).toEqual([]);
    expect(requiredClasses(':is(.dark, .dark *) .card')).toEqual(['card']);
    expect(requiredClasses('[data-label=".x"] .y')).toEqual(['y']);
  });

  it('takes the classes of markup and code, entities decoded', () => {
    const tokens = classTokens(
      `<p class="px-2 md:px-4">a</p> cn('hidden', open && "block") \`grid \${x}\` data-x="&quot;ring-2&quot;"`,
    );
    for (const name of ['px-2', 'md:px-4', 'hidden', 'block', 'grid', 'ring-2']) expect(tokens.has(name)).toBe(true);
  });

  const sheet =
    '@layer theme,base,utilities;@layer base{html{color:red}[hidden]{display:none}}' +
    '@layer utilities{.p-1{padding:1px}.p-2{padding:2px}.btn:not(.ghost){color:blue}}' +
    '@media (width>=900px){.md\\:p-3{padding:3px}}@keyframes spin{to{rotate:1turn}}@property --x{syntax:"*";inherits:false}';

  it('keeps what needs no class and the rules of the classes present, drops the rest and blocks left empty', () => {
    const pruned = pruneStylesheet(sheet, new Set(['p-1', 'btn']));
    expect(pruned).toContain('@layer theme,base,utilities;');
    expect(pruned).toContain('html{color:red}');
    expect(pruned).toContain('[hidden]{display:none}');
    expect(pruned).toContain('.p-1{padding:1px}');
    expect(pruned).toContain('.btn:not(.ghost){color:blue}');
    expect(pruned).not.toContain('.p-2');
    expect(pruned).not.toContain('@media');
    expect(pruned).toContain('@keyframes spin{to{rotate:1turn}}');
    expect(pruned).toContain('@property --x');
    expect(pruneStylesheet(sheet, new Set(['md:p-3']))).toContain('@media (width>=900px){.md\\:p-3{padding:3px}}');
  });

  it('prunes a page against its own classes and those its scripts can add', () => {
    const page = `<html><head><style>${sheet}</style></head><body><p class="p-1">x</p></body></html>`;
    expect(prunePageStyles(page, new Set())).not.toContain('.p-2');
    expect(prunePageStyles(page, new Set(['p-2']))).toContain('.p-2{padding:2px}');
    expect(prunePageStyles('<p class="p-1">sans feuille de style</p>', new Set())).toBe(
      '<p class="p-1">sans feuille de style</p>',
    );
  });
});
