import type { DashboardSummary } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Boxes, Newspaper, RotateCw, ShoppingCart, type LucideIcon } from 'lucide-react';
import { errorText } from '../../lib/api';
import { pad2 } from '../../lib/format';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { summaryQueryOptions } from './api';
import { ORDER_STATUS_LABELS } from '@comptoir/api/statuses';

interface CardSpec {
  key: keyof DashboardSummary;
  title: string;
  to: '/articles' | '/produits' | '/commandes';
  icon: LucideIcon;
  tone: string;
  main: (s: NonNullable<DashboardSummary[keyof DashboardSummary]>) => number;
  details: (s: never) => Array<{ label: string; value: number; tone: string }>;
}

const CARDS: CardSpec[] = [
  {
    key: 'articles',
    title: 'Articles publiés',
    to: '/articles',
    icon: Newspaper,
    tone: 'bg-brand-50 text-brand-700',
    main: (s) => (s as NonNullable<DashboardSummary['articles']>).published,
    details: (s: NonNullable<DashboardSummary['articles']>) => [
      { label: 'Brouillons', value: s.draft, tone: 'bg-warning' },
      { label: 'Supprimés', value: s.trash, tone: 'bg-danger' },
    ],
  },
  {
    key: 'products',
    title: 'Total produits',
    to: '/produits',
    icon: Boxes,
    tone: 'bg-accent-50 text-accent-700',
    main: (s) => (s as NonNullable<DashboardSummary['products']>).total,
    details: (s: NonNullable<DashboardSummary['products']>) => [
      { label: 'En stock', value: s.in_stock, tone: 'bg-success' },
      { label: 'Épuisées', value: s.out_of_stock, tone: 'bg-danger' },
    ],
  },
  {
    key: 'orders',
    title: 'Total commandes',
    to: '/commandes',
    icon: ShoppingCart,
    tone: 'bg-success-soft text-success',
    main: (s) => (s as NonNullable<DashboardSummary['orders']>).total,
    details: (s: NonNullable<DashboardSummary['orders']>) => [
      { label: ORDER_STATUS_LABELS.pending, value: s.pending, tone: 'bg-warning' },
      { label: ORDER_STATUS_LABELS.inprogress, value: s.inprogress, tone: 'bg-info' },
    ],
  },
];

/** The home's three cards, each shown only with its category's view right (the server sends null otherwise). */
export function SummaryCards() {
  const query = useQuery({ ...summaryQueryOptions, select: (answer) => answer.summary });
  if (query.isPending) {
    return (
      <div className="flex justify-center rounded-lg border border-line bg-surface py-4 text-brand-700 shadow-card">
        <Spinner size="lg" label="Chargement des chiffres…" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div
        className="flex flex-wrap items-center justify-between gap-1 rounded-lg border border-danger/30 bg-danger-soft px-2 py-1.5"
        role="alert"
      >
        <p className="text-sm font-medium text-danger">
          {errorText(
            query.error,
            'Erreur lors du chargement des chiffres du tableau de bord.',
            'Erreur de connexion au serveur.',
          )}
        </p>
        <Button
          variant="secondary"
          size="sm"
          icon={<RotateCw className="size-2" aria-hidden="true" />}
          onClick={() => void query.refetch()}
        >
          Réessayer
        </Button>
      </div>
    );
  }
  const summary = query.data;
  const shown = CARDS.filter((card) => summary[card.key]);
  if (shown.length === 0) return null;
  return (
    <ul className="grid gap-2 md:grid-cols-3" aria-label="Chiffres clés">
      {shown.map((card) => {
        const data = summary[card.key]!;
        const Icon = card.icon;
        return (
          <li key={card.key}>
            <Link
              to={card.to}
              className="flex h-full flex-col gap-1.5 rounded-lg border border-line bg-surface p-2 shadow-card transition-shadow hover:shadow-raised focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
              data-testid={`summary-${card.key}`}
            >
              <span className="flex items-center justify-between gap-1">
                <span className="text-sm font-medium text-ink-muted">{card.title}</span>
                <span className={`grid size-5 place-items-center rounded-md ${card.tone}`} aria-hidden="true">
                  <Icon className="size-2.5" />
                </span>
              </span>
              <span className="text-4xl font-semibold tabular-nums text-ink" data-testid={`summary-${card.key}-main`}>
                {pad2(card.main(data))}
              </span>
              <span className="flex flex-wrap gap-x-2 gap-y-0.5 text-sm text-ink-muted">
                {card.details(data as never).map((detail) => (
                  <span key={detail.label} className="inline-flex items-center gap-0.5">
                    <span className={`size-1 rounded-full ${detail.tone}`} aria-hidden="true" />
                    {detail.label} :{' '}
                    <span className="font-semibold tabular-nums text-ink" data-testid={`summary-${card.key}-${detail.label}`}>
                      {pad2(detail.value)}
                    </span>
                  </span>
                ))}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
