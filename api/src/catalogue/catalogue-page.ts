import type { PublicProduct } from '../contract/public.js';
import { formatCount, formatPrice } from '../shared/money.js';

/**
 * The shop's filtered list as HTML, for visitors without JavaScript: the catalogue page of the live
 * release with its island (which needs scripts) replaced by the same GET form, filled in, and the
 * matching cards. The markup and classes are those of site/src/islands/Catalogue.tsx and
 * ui/ProductCard.tsx, so the page looks the same; the island answers visitors with scripts.
 */
export interface CataloguePageState {
  categorie: string;
  tri: string;
  recherche: string;
  marque: string[];
  prix_min: string;
  prix_max: string;
  disponibilite: string;
  devise: string;
  affiches: number;
}

export interface CataloguePageData {
  state: CataloguePageState;
  categories: { id: number; designation: string }[];
  brands: { id: number; name: string }[];
  products: PublicProduct[];
  total: number;
  capped: boolean;
  /** French messages of refused fields (shown above the form, nothing listed). */
  errors: string[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const SORTS: [string, string][] = [
  ['recent', 'Les plus récents'],
  ['Populaire', 'Populaires'],
  ['prix_asc', 'Prix croissant'],
  ['prix_desc', 'Prix décroissant'],
  ['nom_asc', 'Nom (A → Z)'],
  ['nom_desc', 'Nom (Z → A)'],
];
const AVAILABILITIES: [string, string][] = [
  ['', 'Tous les produits'],
  ['en_stock', 'En stock'],
  ['sur_commande', 'Épuisé (sur devis)'],
];
const CURRENCIES: [string, string][] = [
  ['XOF', 'FCFA'],
  ['EUR', 'Euro (€)'],
  ['USD', 'Dollar ($)'],
];
const PAGE_STEP = 12;

const options = (choices: [string, string][], value: string) =>
  choices
    .map(([v, label]) => `<option value="${escapeHtml(v)}"${v === value ? ' selected' : ''}>${escapeHtml(label)}</option>`)
    .join('');

const shortName = (name: string) => (name.length > 22 ? `${name.slice(0, 22).trimEnd()}...` : name);

function quoteLink(name: string): string {
  const params = new URLSearchParams({
    objet: `Demande de devis : ${name}`.slice(0, 255),
    message: `Bonjour,\n\nJe souhaite recevoir un devis pour le produit « ${name} » (quantité : …).\n\nMerci.`,
  });
  return `/contact?${params.toString()}`;
}

function card(product: PublicProduct): string {
  const href = `/product/${product.id}`;
  const image = [...product.images].sort((a, b) => a.position - b.position)[0];
  const src = image ? `/storage/${image.image_path}` : '/images/logo.svg';
  const own = formatPrice(product.price, product.currency.symbol);
  const display = product.display_price;
  const converted = display?.converted && display.amount !== null;
  const price = converted
    ? `≈ ${escapeHtml(formatPrice(display.amount!, display.symbol))}<span class="block text-sm font-semibold text-ink-muted" data-original-price>(${escapeHtml(own)})</span>`
    : escapeHtml(own);
  const available = product.stock > 0;
  const name = escapeHtml(product.name);
  const action = available
    ? `<button type="button" class="btn btn-secondary min-h-[40px] px-1.5 py-0.5 text-sm" data-cart-add="${escapeHtml(
        JSON.stringify({
          id: product.id,
          name: product.name,
          price: product.price,
          stock: product.stock,
          image: image ? `/storage/${image.image_path}` : null,
          currency: { symbol: product.currency.symbol, name: product.currency.name },
        }),
      )}">Ajouter au panier<span class="sr-only"> : ${name}</span></button>`
    : `<a class="btn btn-primary min-h-[40px] px-1.5 py-0.5 text-sm" href="${escapeHtml(quoteLink(product.name))}" data-card-quote>Demander un devis<span class="sr-only"> : ${name}</span></a>`;
  return `<li><article class="flex h-full flex-col overflow-hidden rounded-xl border border-line bg-white shadow-card" data-product-card="${product.id}">
<a href="${href}" class="block aspect-[4/3] overflow-hidden bg-surface-muted" tabindex="-1" aria-hidden="true"><img src="${escapeHtml(src)}" alt="" width="400" height="300" loading="lazy" decoding="async" class="h-full w-full object-cover"></a>
<div class="flex flex-1 flex-col gap-1 p-2">
<p class="text-xs font-semibold uppercase tracking-wider text-ink-subtle">${escapeHtml(product.category.designation)}</p>
<h3 class="font-bold text-brand-900" title="${name}"><a href="${href}" class="hover:underline">${escapeHtml(shortName(product.name))}${product.name.length > 22 ? `<span class="sr-only"> (${name})</span>` : ''}</a></h3>
<p class="text-lg font-extrabold text-accent-800" data-card-price>${price}</p>
<div class="mt-auto flex flex-wrap items-center justify-between gap-1 pt-1">
<span class="inline-flex items-center gap-0.5 rounded-full px-1 py-0.5 text-sm font-semibold ${available ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'}" data-stock="${product.stock}"><span aria-hidden="true" class="h-1 w-1 rounded-full ${available ? 'bg-success' : 'bg-danger'}"></span>${available ? `En stock (${product.stock})` : 'Épuisé'}</span>
${action}
</div></div></article></li>`;
}

/** The query string of this state, `affiches` replaced (defaults left out). */
export function pageQuery(state: CataloguePageState, affiches: number): string {
  const params = new URLSearchParams();
  const defaults: Record<string, string> = { categorie: 'all', tri: 'recent', devise: 'XOF' };
  for (const name of ['categorie', 'tri', 'recherche', 'prix_min', 'prix_max', 'disponibilite', 'devise'] as const)
    if (state[name] && state[name] !== defaults[name]) params.set(name, state[name]);
  for (const brand of state.marque) params.append('marque', brand);
  if (affiches !== PAGE_STEP) params.set('affiches', String(affiches));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The form, the count and the cards that take the island's place. */
export function renderCatalogue(data: CataloguePageData, action: string): string {
  const { state } = data;
  const unit = CURRENCIES.find(([code]) => code === state.devise)?.[1] ?? 'FCFA';
  const field = (id: string, label: string, control: string) =>
    `<div class="min-w-0"><label for="${id}" class="field-label">${label}</label>${control}</div>`;
  const brands = data.brands.length
    ? `<fieldset class="min-w-0 sm:col-span-2 md:col-span-3"><legend class="field-label">Marques</legend><ul class="flex flex-wrap gap-x-2 gap-y-1">${data.brands
        .map(
          (b) =>
            `<li class="min-w-0"><label class="inline-flex min-h-[32px] items-center gap-1 break-words text-sm"><input type="checkbox" name="marque" value="${b.id}"${
              state.marque.includes(String(b.id)) ? ' checked' : ''
            }> ${escapeHtml(b.name)}</label></li>`,
        )
        .join('')}</ul></fieldset>`
    : '';
  const form = `<form role="search" aria-label="Filtrer les produits" method="get" action="${action}" class="grid gap-2 rounded-xl border border-line bg-white p-2 shadow-card sm:grid-cols-2 md:grid-cols-3" data-catalogue-filters>
${field('f-categorie', 'Catégorie', `<select id="f-categorie" name="categorie" class="field-input">${options([['all', 'Toutes les catégories'], ...data.categories.map((c): [string, string] => [String(c.id), c.designation])], state.categorie)}</select>`)}
${field('f-tri', 'Trier par', `<select id="f-tri" name="tri" class="field-input">${options(SORTS, state.tri)}</select>`)}
${field('f-recherche', 'Rechercher', `<input id="f-recherche" name="recherche" type="search" class="field-input" placeholder="Nom du produit (2 caractères min.)" value="${escapeHtml(state.recherche)}">`)}
<fieldset class="min-w-0"><legend class="field-label">Prix (${escapeHtml(unit)})</legend><div class="grid grid-cols-2 gap-1">
<div class="min-w-0"><label for="f-prix-min" class="text-xs text-ink-muted">Minimum</label><input id="f-prix-min" name="prix_min" inputmode="decimal" autocomplete="off" class="field-input" value="${escapeHtml(state.prix_min)}"></div>
<div class="min-w-0"><label for="f-prix-max" class="text-xs text-ink-muted">Maximum</label><input id="f-prix-max" name="prix_max" inputmode="decimal" autocomplete="off" class="field-input" value="${escapeHtml(state.prix_max)}"></div>
</div></fieldset>
${field('f-disponibilite', 'Disponibilité', `<select id="f-disponibilite" name="disponibilite" class="field-input">${options(AVAILABILITIES, state.disponibilite)}</select>`)}
${field('f-devise', 'Afficher les prix en', `<select id="f-devise" name="devise" class="field-input">${options(CURRENCIES, state.devise)}</select><p class="mt-0.5 text-xs text-ink-muted">Prix convertis (≈) au taux du jour, indicatifs.</p>`)}
${brands}
<div class="flex items-end sm:col-span-2 md:col-span-3"><button type="submit" class="btn btn-secondary">Appliquer les filtres</button></div>
</form>`;
  const errors = data.errors.length
    ? `<div class="mt-2 rounded-xl border border-line p-2 text-danger" role="alert"><ul>${data.errors.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul></div>`
    : '';
  const count = `${data.capped ? 'Plus de ' : ''}${formatCount(data.total)} produit${data.total > 1 ? 's' : ''}`;
  const list = data.products.length
    ? `<ul class="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">${data.products.map(card).join('')}</ul>`
    : '<p class="py-6 text-center text-lg text-ink-muted">Aucun produit trouvé</p>';
  const more =
    data.products.length > 0 && state.affiches < data.total && state.affiches < 100
      ? `<div class="mt-4 flex justify-center"><a href="${action}${escapeHtml(pageQuery(state, Math.min(100, state.affiches + PAGE_STEP)))}" class="btn btn-secondary">Afficher plus</a></div>`
      : '';
  return `<div data-catalogue data-catalogue-server>${form}${errors}
<p class="mt-2 text-sm text-ink-muted" role="status" aria-live="polite">${count}</p>
<div class="relative mt-1 min-h-[240px]">${list}</div>${more}</div>`;
}

/**
 * The catalogue page of a release with its Catalogue island replaced by `html` (null when the page
 * has no such island). The page's other islands (the cart) are kept; it is not to be indexed.
 */
export function replaceCatalogueIsland(page: string, html: string): string | null {
  const marker = page.search(/<astro-island[^>]*component-url="[^"]*\/Catalogue\.[^"]*"/);
  if (marker < 0) return null;
  const end = page.indexOf('</astro-island>', marker);
  if (end < 0) return null;
  const body = page.slice(0, marker) + html + page.slice(end + '</astro-island>'.length);
  return body.replace('</head>', '<meta name="robots" content="noindex, follow"></head>');
}
