import { useEffect, useId, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { ArticleListAnswer } from '@comptoir/api/contract';
import { BLOG_EXCERPT, BLOG_PAGE_SIZE, toCard, type ArticleCardData } from '../lib/articles';
import { storageUrl } from '../lib/format';
import { browserExcerpt } from './lib/excerpt';
import { useDebounced } from './lib/hooks';
import { useUrlState } from './lib/url-state';
import { api, isAbort } from './lib/http';
import { notify } from './lib/toast';
import { ArticleCard } from './ui/ArticleCard';
import { Spinner } from './ui/Spinner';

export const BLOG_TEXTS = {
  empty: "Pas d'article disponible",
  notFound: 'Aucun article trouvé',
  loadError: 'Erreur lors du chargement des articles.',
} as const;

interface Props {
  initialCards: ArticleCardData[];
  initialTotal: number;
  /** The pre-rendered page: 1 on /blog, n on /blog/page/n. */
  initialPage?: number;
}

/** The pager's addresses are pre-rendered pages (`/blog/page/2`): they work without JavaScript and are crawled. */
export function blogPageHref(n: number): string {
  return n <= 1 ? '/blog' : `/blog/page/${n}`;
}

type Status = 'idle' | 'loading' | 'error';

/**
 * The blog listing after its pre-rendered first page: search on the title (case-insensitive),
 * 9 articles a page, pager. Pages and searches are asked of the server (GET /api/article).
 */
export default function BlogList({ initialCards, initialTotal, initialPage = 1 }: Props) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(initialPage);
  const [cards, setCards] = useState(initialCards);
  const [total, setTotal] = useState(initialTotal);
  const [status, setStatus] = useState<Status>('idle');
  const [attempt, setAttempt] = useState(0);
  // The page and the search are in the address: Back from an article comes back to them.
  const ready = useUrlState({
    page: [
      String(page),
      (v) => {
        const n = Number(v);
        if (Number.isInteger(n) && n >= 1) setPage(n);
      },
      String(initialPage),
    ],
    recherche: [search, setSearch, ''],
  });
  const debounced = useDebounced(search.trim(), 300, ready);
  const first = useRef(true);
  const listTop = useRef<HTMLDivElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const lastPage = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  // Covers the build found without resized copies: shown as uploaded, without a failed request first.
  const withoutCopies = useMemo(
    () => new Set(initialCards.filter((c) => c.image && !c.thumb).map((c) => c.image)),
    [initialCards],
  );

  // A new search starts from the first page.
  const searchFor = (text: string) => {
    setSearch(text);
    setPage(1);
  };
  // The list hydrates when the visitor reaches for it (client:touch): what was typed in the field before
  // React answered is in the field, not yet in the state.
  useEffect(() => {
    const typed = searchField.current?.value ?? '';
    if (typed) searchFor(typed);
  }, []);

  useEffect(() => {
    // The first page without search is already in the HTML.
    if (first.current) {
      first.current = false;
      return;
    }
    const controller = new AbortController();
    setStatus('loading');
    const query = new URLSearchParams({ page: String(page), per_page: String(BLOG_PAGE_SIZE) });
    if (debounced) query.set('search', debounced);
    api<ArticleListAnswer>(`/api/article?${query}`, { signal: controller.signal })
      .then((result) => {
        if (!result.ok) {
          setStatus('error');
          notify.error(result.network ? BLOG_TEXTS.loadError : (result.data?.message ?? BLOG_TEXTS.notFound));
          return;
        }
        if (!result.data.success) {
          notify.error(result.data.message || BLOG_TEXTS.notFound);
        }
        setCards(
          result.data.blogs.data.map((article) =>
            toCard(article, BLOG_EXCERPT, browserExcerpt, !withoutCopies.has(storageUrl(article.image))),
          ),
        );
        setTotal(result.data.blogs.total);
        setStatus('idle');
      })
      .catch((error) => {
        if (!isAbort(error)) setStatus('error');
      });
    return () => controller.abort();
  }, [debounced, page, attempt, withoutCopies]);

  const goTo = (next: number) => {
    if (next < 1 || next > lastPage || next === page) return;
    setPage(next);
    listTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  // Once hydrated on /blog, or during a search, a page is read in place (a few KB of JSON rather than
  // a page); on /blog/page/n without a search the link simply leads to the pre-rendered page.
  const follow = (next: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (initialPage !== 1 && !debounced) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    goTo(next);
  };

  const pages = pagerItems(page, lastPage);

  return (
    <div ref={listTop} className="scroll-mt-[96px]" data-blog-list>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 className="text-2xl font-extrabold text-brand-900 md:text-4xl">Nos derniers articles</h2>
        <div className="w-full sm:w-auto sm:min-w-[320px]">
          <label htmlFor={searchId} className="field-label">
            Rechercher un article
          </label>
          <input
            ref={searchField}
            id={searchId}
            type="search"
            className="field-input"
            placeholder="Titre de l’article"
            value={search}
            onChange={(e) => searchFor(e.target.value)}
          />
        </div>
      </div>

      <div className="relative mt-3 min-h-[240px]" aria-busy={status === 'loading'}>
        {status === 'loading' && (
          <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/70 pt-6">
            <Spinner label="Chargement des articles" className="text-brand-600" />
          </div>
        )}
        {status === 'error' ? (
          <div className="rounded-xl border border-line p-4 text-center" role="alert">
            <p className="text-danger">{BLOG_TEXTS.loadError}</p>
            <button type="button" className="btn btn-secondary mt-2" onClick={() => setAttempt((n) => n + 1)}>
              Réessayer
            </button>
          </div>
        ) : cards.length === 0 ? (
          <p className="py-6 text-center text-lg text-ink-muted" role="status">
            {BLOG_TEXTS.empty}
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-3">
            {cards.map((card, i) => (
              <li key={card.id}>
                <ArticleCard card={card} firstInView={i === 0 && cards === initialCards} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {lastPage > 1 && status !== 'error' && (
        <nav aria-label="Pagination des articles" className="mt-4 flex justify-center">
          <ul className="flex flex-wrap items-center gap-0.5">
            <li>
              <PagerLink to={page - 1} enabled={page > 1} onClick={follow(page - 1)}>
                <span aria-hidden="true">←</span> Précédent
              </PagerLink>
            </li>
            {pages.map((item, index) =>
              item === '…' ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-muted">
                  …
                </li>
              ) : (
                <li key={item}>
                  <a
                    href={blogPageHref(item)}
                    className={`btn min-w-[44px] px-1 ${item === page ? 'btn-secondary' : 'btn-ghost'}`}
                    aria-current={item === page ? 'page' : undefined}
                    aria-label={`Page ${item}`}
                    onClick={follow(item)}
                  >
                    {item}
                  </a>
                </li>
              ),
            )}
            <li>
              <PagerLink to={page + 1} enabled={page < lastPage} onClick={follow(page + 1)}>
                Suivant <span aria-hidden="true">→</span>
              </PagerLink>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}

/** "Précédent" / "Suivant": a link, or a dimmed label at either end. */
function PagerLink({
  to,
  enabled,
  onClick,
  children,
}: {
  to: number;
  enabled: boolean;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  children: ReactNode;
}) {
  if (!enabled)
    return (
      <span className="btn btn-ghost opacity-50" aria-disabled="true">
        {children}
      </span>
    );
  return (
    <a href={blogPageHref(to)} className="btn btn-ghost" onClick={onClick}>
      {children}
    </a>
  );
}

/** 1 … 4 5 6 … 12 */
function pagerItems(page: number, last: number): (number | '…')[] {
  if (last <= 7) return Array.from({ length: last }, (_, i) => i + 1);
  const items: (number | '…')[] = [1];
  const from = Math.max(2, page - 1);
  const to = Math.min(last - 1, page + 1);
  if (from > 2) items.push('…');
  for (let i = from; i <= to; i++) items.push(i);
  if (to < last - 1) items.push('…');
  items.push(last);
  return items;
}
