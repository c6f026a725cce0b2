import { AdminListQueryDto } from '../staff-accounts/admin-list.js';
import { AuditQueryDto } from '../audit/dto/audit-query.dto.js';
import { StaffArticleListQueryDto } from '../blog/dto/staff-article.dto.js';
import { ProductListQueryDto } from '../catalogue/product-list.js';
import { ListQueryDto } from '../common/listing.js';
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

export class ArticleExportQueryDto extends StaffArticleListQueryDto {
  @ExportFormatField()
  format: ExportFormat;
}

/** Brands and categories: the plain list query (search, sort). */
export class CatalogueExportQueryDto extends ListQueryDto {
  @ExportFormatField()
  format: ExportFormat;
}

export class AdminExportQueryDto extends AdminListQueryDto {
  @ExportFormatField()
  format: ExportFormat;
}

export class AuditExportQueryDto extends AuditQueryDto {
  @ExportFormatField()
  format: ExportFormat;
}
