// Maintained by `npm run db:migration:generate -w api -- <Name>`: every migration of this folder, oldest first.
import type { MigrationInterface } from 'typeorm';
import { Initial1795261422359 } from './1795261422359-Initial.js';
import { RecordVersions1795443076430 } from './1795443076430-RecordVersions.js';
import { SignInTokens1795443134638 } from './1795443134638-SignInTokens.js';
import { AuditHistory1795443146724 } from './1795443146724-AuditHistory.js';
import { QuotesInAnyCurrency1795443334057 } from './1795443334057-QuotesInAnyCurrency.js';
import { SearchTextAndListIndexes1795443416758 } from './1795443416758-SearchTextAndListIndexes.js';
import { DashboardChartIndexes1795443735356 } from './1795443735356-DashboardChartIndexes.js';
import { JobLeases1795444149029 } from './1795444149029-JobLeases.js';
import { MailReplyTo1795444176500 } from './1795444176500-MailReplyTo.js';
import { OrderCounts1795466991187 } from './1795466991187-OrderCounts.js';
import { SearchTrigrams1795477040332 } from './1795477040332-SearchTrigrams.js';
import { HoldsAgainstHoarding1795704000000 } from './1795704000000-HoldsAgainstHoarding.js';
import { TwoFactor1795704628239 } from './1795704628239-TwoFactor.js';
import { QuoteVersionsAndClientLinks1795800300000 } from './1795800300000-QuoteVersionsAndClientLinks.js';
import { StockLedger1795800000000 } from './1795800000000-StockLedger.js';
import { TaxesAndDocumentNumbers1795800200000 } from './1795800200000-TaxesAndDocumentNumbers.js';
import { SavedViewsAndListIndexes1795800500000 } from './1795800500000-SavedViewsAndListIndexes.js';
import { IdempotentOrderRequests1795800400000 } from './1795800400000-IdempotentOrderRequests.js';
import { StockLedgerCheckIndex1795800600000 } from './1795800600000-StockLedgerCheckIndex.js';
import { Deliveries1795800700000 } from './1795800700000-Deliveries.js';
import { InvoicesAndPayments1795800800000 } from './1795800800000-InvoicesAndPayments.js';
import { MovementReasonKeys1795801000000 } from './1795801000000-MovementReasonKeys.js';
import { CatalogueBuyerIndexes1795801500000 } from './1795801500000-CatalogueBuyerIndexes.js';
import { ProductSpecsDatasheets1795801600000 } from './1795801600000-ProductSpecsDatasheets.js';
import { OrderFacetIndexes1795801900000 } from './1795801900000-OrderFacetIndexes.js';
import { InvoiceCurrencyTotals1795802000000 } from './1795802000000-InvoiceCurrencyTotals.js';
import { QuoteVersionPricesIncludeTax1795802100000 } from './1795802100000-QuoteVersionPricesIncludeTax.js';
import { ImportPreviews1795802200000 } from './1795802200000-ImportPreviews.js';
import { OrderBillingSort1795802300000 } from './1795802300000-OrderBillingSort.js';
import { RowCounts1795802310000 } from './1795802310000-RowCounts.js';
import { StaffListSortIndexes1795802500000 } from './1795802500000-StaffListSortIndexes.js';
import { OrderListSortColumns1795802600000 } from './1795802600000-OrderListSortColumns.js';
import { OrderNumIdIndex1795802900000 } from './1795802900000-OrderNumIdIndex.js';
import { AuthorAndMediaSizeIndexes1795803000000 } from './1795803000000-AuthorAndMediaSizeIndexes.js';
import { MoreRowCounts1795803100000 } from './1795803100000-MoreRowCounts.js';
import { InvoiceCompanyName1795803200000 } from './1795803200000-InvoiceCompanyName.js';
import { AdministratorSortIndexes1795803300000 } from './1795803300000-AdministratorSortIndexes.js';
import { ShardedRowCounts1795803310000 } from './1795803310000-ShardedRowCounts.js';

export const MYSQL_MIGRATIONS: (new () => MigrationInterface)[] = [
  Initial1795261422359,
  RecordVersions1795443076430,
  SignInTokens1795443134638,
  AuditHistory1795443146724,
  QuotesInAnyCurrency1795443334057,
  SearchTextAndListIndexes1795443416758,
  DashboardChartIndexes1795443735356,
  JobLeases1795444149029,
  MailReplyTo1795444176500,
  OrderCounts1795466991187,
  SearchTrigrams1795477040332,
  HoldsAgainstHoarding1795704000000,
  TwoFactor1795704628239,
  StockLedger1795800000000,
  TaxesAndDocumentNumbers1795800200000,
  QuoteVersionsAndClientLinks1795800300000,
  IdempotentOrderRequests1795800400000,
  SavedViewsAndListIndexes1795800500000,
  StockLedgerCheckIndex1795800600000,
  Deliveries1795800700000,
  InvoicesAndPayments1795800800000,
  MovementReasonKeys1795801000000,
  CatalogueBuyerIndexes1795801500000,
  ProductSpecsDatasheets1795801600000,
  OrderFacetIndexes1795801900000,
  InvoiceCurrencyTotals1795802000000,
  QuoteVersionPricesIncludeTax1795802100000,
  ImportPreviews1795802200000,
  OrderBillingSort1795802300000,
  RowCounts1795802310000,
  StaffListSortIndexes1795802500000,
  OrderListSortColumns1795802600000,
  OrderNumIdIndex1795802900000,
  AuthorAndMediaSizeIndexes1795803000000,
  MoreRowCounts1795803100000,
  InvoiceCompanyName1795803200000,
  AdministratorSortIndexes1795803300000,
  ShardedRowCounts1795803310000,
];
