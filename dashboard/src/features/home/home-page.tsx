import { formatWeekday } from '@comptoir/api/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePermissions } from '../auth/permissions';
import { StockAlertsCard } from '../stock/stock-alerts-card';
import { HomeCharts } from './charts/home-charts';
import { LatestArticles, LatestOrders } from './latest-tables';
import { SummaryCards } from './summary-cards';

/**
 * /dashboard: the welcome header, the three cards (articles, products, orders, each with its view
 * right), the latest articles (with a preview) and the latest orders (with a side panel to change
 * their status).
 */
export function HomePage() {
  const { user, can } = usePermissions();
  useDocumentTitle('Tableau de bord');
  const today = formatWeekday(new Date());
  return (
    <>
      <section aria-labelledby="home-title" className="mb-3">
        <p className="text-sm font-medium capitalize text-ink-muted">{today}</p>
        <h1 id="home-title" className="mt-0.5 text-3xl font-semibold text-ink">
          Bonjour, {user?.firstname}
        </h1>
        <p className="mt-0.5 text-ink-muted">Bienvenue dans votre espace de gestion.</p>
      </section>
      <div className="flex flex-col gap-3">
        <SummaryCards />
        <StockAlertsCard />
        <HomeCharts />
        {can('blog', 'view') || can('orders', 'view') ? (
          <div className="grid min-w-0 grid-cols-1 gap-3 xl:grid-cols-2 [&>*]:min-w-0">
            {can('blog', 'view') ? <LatestArticles /> : null}
            {can('orders', 'view') ? <LatestOrders /> : null}
          </div>
        ) : null}
      </div>
    </>
  );
}
