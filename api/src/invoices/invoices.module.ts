import { Module } from '@nestjs/common';
import { PublicRateLimitModule } from '../contact/public-rate-limit.js';
import { ClientInvoicesController } from './client-invoices.controller.js';
import { InvoiceRemindersService } from './invoice-reminders.service.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesService } from './invoices.service.js';

/** Invoices (factures) and credit notes (avoirs) of confirmed orders, their PDFs (staff and client) and the accountant's export. */
@Module({
  imports: [PublicRateLimitModule],
  controllers: [InvoicesController, ClientInvoicesController],
  providers: [InvoicesService, InvoiceRemindersService],
  exports: [InvoicesService, InvoiceRemindersService],
})
export class InvoicesModule {}
