import { ProductListQueryDto } from '../catalogue/product-list.js';
import { ExportFormatField, type ExportFormat } from '../common/list-export.js';
import { CustomerListQueryDto } from '../customers/customer-list.js';
import { StaffOrderSummaryQueryDto } from '../orders/order-list.js';
import { StockEntryListQueryDto } from '../stock/stock-entry-list.js';

/** Each export takes its list's query (same validation, same 422) and `format`. */
export class ProductExportQueryDto extends ProductListQueryDto {
  @ExportFormatField()
  format: ExportFormat;
}

export class OrderExportQueryDto extends StaffOrderSummaryQueryDto {
  @ExportFormatField()
  format: ExportFormat;
}

export class CustomerExportQueryDto extends CustomerListQueryDto {
  @ExportFormatField()
  format: ExportFormat;
}

export class StockEntryExportQueryDto extends StockEntryListQueryDto {
  @ExportFormatField()
  format: ExportFormat;
}
