/**
 * One stylesheet per page: the site's Tailwind stylesheet, inlined in every page, keeps only the rules
 * a page can use.
 *
 * Why: the whole stylesheet is 33 KB (6.3 KB brotli), about half of each page's first answer, and a
 * page uses about 70 % of it. With the headers, /blog and /catalogue were past the 14.6 KB a new
 * connection carries in its first round trip, so a phone on a slow link waited a round trip more for
 * the first paint. Fewer rules also mean less style work for the phone's CPU.
 *
 * What is kept: every rule that needs no class (the theme's variables, the base styles, element and
 * attribute rules, keyframes, `@property`), and every rule with a selector whose classes the page can
 * carry: the classes written in the page (its elements and its inline scripts) or in the code that can
 * add classes after it loaded (the islands and the components' scripts, see client-classes.ts). Classes
 * in a pseudo-class's arguments do not count as needed (`:not(.x)`, `:is(.a, .b)` and `:where(…)` never
 * make a rule go), so a rule is dropped only when the page can never match it.
 *
 * Why not PurgeCSS: it parses the stylesheet again for every page (12-24 ms a page, minutes at 20,000
 * pages) and its default extractors drop Tailwind's variants (`md:…`) and the theme's `:root` rule;
 * here the stylesheet is parsed once per build and each page costs a fraction of a millisecond.
 */
import { decodeHTMLStrict } from 'entities';
import postcss, { type Container } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { applyEdits, parseBuiltPage, textOutside, type BuiltPage, type Edit } from './built-page';

/**
 * Class names as written in markup and code: runs of text between spaces, quotes and backticks, after
 * the references ended by « ; » are decoded (`&quot;`, `&#39;`; the strict mode leaves `&&not…` in a script alone).
 */
export function classTokens(text: string, into: Set<string> = new Set()): Set<string> {
  const decoded = decodeHTMLStrict(text);
  for (const token of decoded.split(/[\s"'`]+/)) if (token) into.add(token);
  return into;
}

/**
 * The classes a selector needs on the page (unescaped). A class in a pseudo-class's arguments is never
 * needed (`:not(.x)`, `:is(.a, .b)`, `:where(…)`), and a selector the parser cannot read needs nothing:
 * either way the rule is kept.
 */
export function requiredClasses(selector: string): string[] {
  const classes: string[] = [];
  try {
    selectorParser((root) => {
      root.walkClasses((node) => {
        for (let parent = node.parent; parent; parent = parent.parent) if (parent.type === 'pseudo') return;
        classes.push(node.value);
      });
    }).processSync(selector);
  } catch {
    return [];
  }
  return classes;
}

/** A stylesheet parsed once: its rules with the classes each of their selectors needs. */
type Part = { text: string; needs: string[][] | null } | { open: string; parts: Part[] };

function partsOf(container: Container): Part[] {
  return (container.nodes ?? []).map((node): Part => {
    if (node.type === 'rule') return { text: node.toString(), needs: node.selectors.map(requiredClasses) };
    if (node.type !== 'atrule') return { text: node.toString(), needs: null };
    // A statement (`@layer a, b;`): its semicolon belongs to its parent's formatting.
    if (!node.nodes) return { text: `${node.toString()};`, needs: null };
    // Blocks of rules (@media, @supports, @layer, @starting-style) are pruned inside; @keyframes and the
    // at-rules of declarations (@property, @font-face) are kept whole.
    if (/keyframes$/i.test(node.name) || !node.nodes.some((child) => child.type === 'rule' || child.type === 'atrule'))
      return { text: node.toString(), needs: null };
    return { open: `@${node.name}${node.params ? ` ${node.params}` : ''}{`, parts: partsOf(node) };
  });
}

function written(parts: Part[], present: ReadonlySet<string>): string {
  let css = '';
  for (const part of parts) {
    if ('parts' in part) {
      const inner = written(part.parts, present);
      // A block whose rules all went goes too.
      if (inner) css += `${part.open}${inner}}`;
    } else if (!part.needs || part.needs.some((classes) => classes.every((name) => present.has(name)))) css += part.text;
  }
  return css;
}

const parsedSheets = new Map<string, Part[]>();

/** The stylesheet without the rules none of whose selectors the page can match. */
export function pruneStylesheet(css: string, present: ReadonlySet<string>): string {
  let parts = parsedSheets.get(css);
  if (!parts) {
    // A build has one stylesheet (a few while the site's code changes under `astro dev`).
    if (parsedSheets.size >= 8) parsedSheets.clear();
    try {
      parts = partsOf(postcss.parse(css));
    } catch {
      // Not the site's stylesheet (pages inline only Tailwind's output): left whole, never a failed build.
      return css;
    }
    parsedSheets.set(css, parts);
  }
  return written(parts, present);
}

/**
 * The edits that reduce each of the page's inlined stylesheets to what the page can use;
 * `clientClasses` are the classes scripts can add after the page loaded.
 */
export function pageStyleEdits(page: BuiltPage, clientClasses: ReadonlySet<string>): Edit[] {
  if (page.styles.length === 0) return [];
  const present = classTokens(textOutside(page.html, page.styles), new Set(clientClasses));
  return page.styles.map((span) => ({ ...span, text: pruneStylesheet(page.html.slice(span.start, span.end), present) }));
}

/** The page with each of its inlined stylesheets reduced to what the page can use. */
export function prunePageStyles(html: string, clientClasses: ReadonlySet<string>): string {
  return applyEdits(html, pageStyleEdits(parseBuiltPage(html), clientClasses));
}
