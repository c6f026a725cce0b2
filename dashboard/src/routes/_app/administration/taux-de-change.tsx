import { createFileRoute } from '@tanstack/react-router';
import { ExchangeRatesPage } from '../../../features/exchange-rates/exchange-rates-page';

export const Route = createFileRoute('/_app/administration/taux-de-change')({
  component: ExchangeRatesPage,
});
