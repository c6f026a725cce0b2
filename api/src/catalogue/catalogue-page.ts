import { AVAILABILITY_OPTIONS, DISPLAY_CURRENCIES, SORT_OPTIONS } from '../contract/catalogue-choices.js';
import { productCardView } from '../contract/product-card.js';
import type { PublicProduct } from '../contract/public.js';
import { formatCount } from '../shared/money.js';
import { escapeHtml } from '../common/html.js';

/**
 * The shop's filtered list as HTML, for visitors without JavaScript: the catalogue page of the live
 * release with its island (which needs scripts) replaced by the same GET form, filled in, and the
 * matching cards. The markup and classes are those of site/src/islands/Catalogue.tsx and
 * ui/ProductCard.tsx, so the page looks the same: the choices' lists (contract/catalogue-choices.ts)
 * and what a card prints (contract/product-card.ts) are the island's own; the island answers visitors
 * with scripts.
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

const PAGE_STEP = 12;

const options = (choices: readonly { value: string; label: string }[], value: string) =>
  choices
    .map(
      (choice) =>
        `<option value="${escapeHtml(choice.value)}"${choice.value === value ? ' selected' : ''}>${escapeHtml(choice.label)}</option>`,
    )
    .join('');

function card(product: PublicProduct): string {
  const image = [...product.images].sort((a, b) => a.position - b.position)[0];
  const upload = image ? `/storage/${image.image_path}` : null;
  const { href, price, badge, action, ...view } = productCardView({
    ...product,
    image: upload,
    display: product.display_price,
  });
  const name = escapeHtml(product.name);
  const priceHtml = price.original
    ? `${escapeHtml(price.main)}<span class="block text-sm font-semibold text-ink-muted" data-original-price>${escapeHtml(price.original)}</span>`
    : escapeHtml(price.main);
  const actionHtml =
    action.kind === 'cart'
      ? `<button type="button" class="btn btn-secondary min-h-[40px] px-1.5 py-0.5 text-sm" data-cart-add="${escapeHtml(action.data)}">Ajouter au panier<span class="sr-only"> : ${name}</span></button>`
      : `<a class="btn btn-primary min-h-[40px] px-1.5 py-0.5 text-sm" href="${escapeHtml(action.href)}" data-card-quote>Demander un devis<span class="sr-only"> : ${name}</span></a>`;
  return `<li><article class="flex h-full flex-col overflow-hidden rounded-xl border border-line bg-white shadow-card" data-product-card="${product.id}">
<a href="${href}" class="block aspect-[4/3] overflow-hidden bg-surface-muted" tabindex="-1" aria-hidden="true"><img src="${escapeHtml(upload ?? '/images/logo.svg')}" alt="" width="400" height="300" loading="lazy" decoding="async" class="h-full w-full object-cover"></a>
<div class="flex flex-1 flex-col gap-1 p-2">
<p class="text-xs font-semibold uppercase tracking-wider text-ink-subtle">${escapeHtml(product.category.designation)}</p>
<h3 class="font-bold text-brand-900" title="${name}"><a href="${href}" class="hover:underline">${escapeHtml(view.shortName)}${view.cut ? `<span class="sr-only"> (${name})</span>` : ''}</a></h3>
<p class="text-lg font-extrabold text-accent-800" data-card-price>${priceHtml}</p>
<div class="mt-auto flex flex-wrap items-center justify-between gap-1 pt-1">
<span class="${badge.className}" data-stock="${product.stock}"><span aria-hidden="true" class="${badge.dotClassName}"></span>${escapeHtml(badge.label)}</span>
${actionHtml}
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
  const unit = DISPLAY_CURRENCIES.find((c) => c.code === state.devise)?.label ?? 'FCFA';
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
${field('f-categorie', 'Catégorie', `<select id="f-categorie" name="categorie" class="field-input">${options([{ value: 'all', label: 'Toutes les catégories' }, ...data.categories.map((c) => ({ value: String(c.id), label: c.designation }))], state.categorie)}</select>`)}
${field('f-tri', 'Trier par', `<select id="f-tri" name="tri" class="field-input">${options(SORT_OPTIONS, state.tri)}</select>`)}
${field('f-recherche', 'Rechercher', `<input id="f-recherche" name="recherche" type="search" class="field-input" placeholder="Nom du produit (2 caractères min.)" value="${escapeHtml(state.recherche)}">`)}
<fieldset class="min-w-0"><legend class="field-label">Prix (${escapeHtml(unit)})</legend><div class="grid grid-cols-2 gap-1">
<div class="min-w-0"><label for="f-prix-min" class="text-xs text-ink-muted">Minimum</label><input id="f-prix-min" name="prix_min" inputmode="decimal" autocomplete="off" class="field-input" value="${escapeHtml(state.prix_min)}"></div>
<div class="min-w-0"><label for="f-prix-max" class="text-xs text-ink-muted">Maximum</label><input id="f-prix-max" name="prix_max" inputmode="decimal" autocomplete="off" class="field-input" value="${escapeHtml(state.prix_max)}"></div>
</div></fieldset>
${field('f-disponibilite', 'Disponibilité', `<select id="f-disponibilite" name="disponibilite" class="field-input">${options(AVAILABILITY_OPTIONS, state.disponibilite)}</select>`)}
${field(
  'f-devise',
  'Afficher les prix en',
  `<select id="f-devise" name="devise" class="field-input">${options(
    DISPLAY_CURRENCIES.map((c) => ({ value: c.code, label: c.label })),
    state.devise,
  )}</select><p class="mt-0.5 text-xs text-ink-muted">Prix convertis (≈) au taux du jour, indicatifs.</p>`,
)}
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
  // The island's own module (`/_astro/Catalogue.x.js`) or the site's module of shop islands, which
  // names it by its export (site/src/islands/index.ts).
  const marker = page.search(/<astro-island[^>]*(component-url="[^"]*\/Catalogue\.[^"]*"|component-export="Catalogue")/);
  if (marker < 0) return null;
  const end = page.indexOf('</astro-island>', marker);
  if (end < 0) return null;
  const body = page.slice(0, marker) + html + page.slice(end + '</astro-island>'.length);
  return body.replace('</head>', '<meta name="robots" content="noindex, follow"></head>');
}
