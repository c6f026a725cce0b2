/**
 * Every TanStack Query key of the dashboard, in one place, so that a mutation invalidates
 * exactly what it changed. Lists are keyed by their parameters under their area's root key:
 * `invalidateQueries({ queryKey: queryKeys.admins.all })` refreshes every page of the list.
 *
 * Add a back-office area the same way:
 *   brands: { all: ['brands'] as const, list: (p: ListParams) => ['brands', 'list', p] as const },
 */
export interface ListParams {
  page: number;
  search: string;
  perPage?: number;
}

export const queryKeys = {
  /** GET /api/user: the signed-in user and their permissions. */
  me: ['me'] as const,
  /** GET /api/config/public (company e-mail domain), when the API offers it. */
  publicConfig: ['config', 'public'] as const,
  /** GET /api/orders/count-pending, polled every 30 s by the top bar's bell. */
  pendingOrdersCount: ['orders', 'count-pending'] as const,
  /** GET /api/profile/sessions: the signed-in person's own open sessions. */
  profileSessions: ['profile', 'sessions'] as const,
  admins: {
    all: ['admins'] as const,
    list: (params: ListParams) => ['admins', 'list', params] as const,
  },
  roles: {
    all: ['roles'] as const,
    list: () => ['roles', 'list'] as const,
  },
  /** Back-office screens (home, blog, catalogue, stock, orders, clients, search, publishing). */
  summary: ['dashboard', 'summary'] as const,
  latestArticles: ['blog', 'latest'] as const,
  latestOrders: ['orders', 'latest'] as const,
  articles: {
    all: ['blog'] as const,
    list: (params: ListParams) => ['blog', 'list', params] as const,
    detail: (id: number) => ['blog', 'detail', id] as const,
  },
  media: {
    all: ['media'] as const,
    list: (params: ListParams) => ['media', 'list', params] as const,
  },
  brands: {
    all: ['brands'] as const,
    list: (params: ListParams) => ['brands', 'list', params] as const,
    /** The product form's brand select. */
    options: ['brands', 'options'] as const,
  },
  categories: {
    all: ['categories'] as const,
    list: (params: ListParams) => ['categories', 'list', params] as const,
    /** GET /api/categories: the whole list, for the product form's select. */
    options: ['categories', 'options'] as const,
  },
  currencies: ['currencies'] as const,
  /** GET /api/exchange-rate: the "Taux de change" screen. */
  exchangeRates: ['exchange-rates'] as const,
  products: {
    all: ['products'] as const,
    list: (params: ListParams) => ['products', 'list', params] as const,
    detail: (id: number) => ['products', 'detail', id] as const,
  },
  stock: {
    all: ['stock'] as const,
    list: (params: ListParams) => ['stock', 'list', params] as const,
  },
  /** Stock filters, alerts and valuation (features/stock/insights-api.ts). */
  stockInsights: {
    all: ['stock-insights'] as const,
    products: (params: ListParams & { stock: string; days?: number }) => ['stock-insights', 'products', params] as const,
    alerts: ['stock-insights', 'alerts'] as const,
    valuation: ['stock-insights', 'valuation'] as const,
    history: (from: string, to: string) => ['stock-insights', 'history', from, to] as const,
  },
  orders: {
    all: ['orders'] as const,
    list: (params: ListParams & { status?: string }) => ['orders', 'list', params] as const,
    detail: (id: number) => ['orders', 'detail', id] as const,
  },
  customers: {
    all: ['customers'] as const,
    list: (params: ListParams) => ['customers', 'list', params] as const,
  },
  globalSearch: (query: string) => ['search', query] as const,
  publishingStatus: ['publishing', 'status'] as const,
} as const;
