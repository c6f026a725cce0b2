import { createFileRoute } from '@tanstack/react-router';
import { ValuationPage } from '../../../features/stock/valuation-page';

export const Route = createFileRoute('/_app/stock/valorisation')({
  component: ValuationPage,
});
