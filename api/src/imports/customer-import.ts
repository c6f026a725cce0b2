import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { CustomerFormDto } from '../customers/dto/customer.dto.js';
import { Customer } from '../customers/entities/customer.entity.js';
import type { SheetRow } from './import-files.js';
import {
  cellOf,
  checkWithForm,
  chunks,
  refuseRepeatedKeys,
  requireEditRight,
  type ImportColumn,
  type ImportBatchResult,
  type ImportContext,
  type ImportKind,
  type PreparedRow,
} from './import-kind.js';

/** The headers of the clients' export (list-exports/export-columns.ts): an exported file imports back. */
const COLUMNS: ImportColumn[] = [
  { header: 'Société', field: 'company_name', example: 'SARL Lomé Équipement' },
  { header: 'E-mail', field: 'company_email', aliases: ['email'], example: 'contact@lome-equipement.tg' },
  { header: 'Téléphone', field: 'company_phone', example: '+228 22 21 00 00' },
  { header: 'Adresse', field: 'company_address', example: 'Boulevard du 13 Janvier, Lomé' },
  { header: 'Représentant', field: 'representative_name', example: 'Kodjo Mensah' },
  { header: 'Téléphone du représentant', field: 'representative_phone', example: '+228 90 00 00 00' },
  { header: 'E-mail du représentant', field: 'representative_email', example: 'k.mensah@lome-equipement.tg' },
];

const FIELDS = COLUMNS.map((c) => c.field) as (keyof CustomerFormDto)[];

/** Clients from a sheet, matched by the company's e-mail (unique), checked with the client form's DTO. */
@Injectable()
export class CustomerImport implements ImportKind<CustomerFormDto> {
  readonly kind = 'customers';
  readonly plural = 'clients';
  readonly fileName = 'clients';
  readonly category = 'orders' as const;
  readonly columns = COLUMNS;

  constructor(private readonly dataSource: DataSource) {}

  async prepare(
    sheet: SheetRow[],
    present: ReadonlySet<string>,
    context: ImportContext,
  ): Promise<PreparedRow<CustomerFormDto>[]> {
    const emailOf = (row: SheetRow) => (cellOf(COLUMNS, row, 'company_email') ?? '').trim().toLowerCase();
    const emails = [...new Set(sheet.map(emailOf).filter(Boolean))];
    const existing = new Map<string, Customer>();
    for (const part of chunks(emails))
      for (const customer of await this.dataSource.getRepository(Customer).find({ where: { company_email: In(part) } }))
        existing.set(customer.company_email.toLowerCase(), customer);

    const prepared: PreparedRow<CustomerFormDto>[] = [];
    for (const row of sheet) {
      const email = emailOf(row);
      const current = existing.get(email) ?? null;
      const plain: Record<string, unknown> = {};
      for (const field of FIELDS) {
        const value = present.has(field) ? cellOf(COLUMNS, row, field) : undefined;
        plain[field] = value ?? current?.[field];
      }
      const checked = await checkWithForm(CustomerFormDto, row.line, plain);
      prepared.push({
        line: row.line,
        key: email,
        label: String(plain.company_name ?? ''),
        existingId: current?.id ?? null,
        values: checked.values,
        errors: checked.errors,
      });
    }
    refuseRepeatedKeys(prepared, 'L’e-mail');
    requireEditRight(prepared, context, 'le client');
    return prepared;
  }

  async apply(manager: EntityManager, rows: PreparedRow<CustomerFormDto>[], context: ImportContext): Promise<ImportBatchResult> {
    const customers = manager.getRepository(Customer);
    const fresh = rows.filter((row) => row.existingId === null).map((row) => ({ ...row.values! }));
    for (const part of chunks(fresh, 200)) await customers.insert(part);
    for (const row of rows)
      if (row.existingId !== null) await customers.update(row.existingId, { ...row.values!, updated_by: context.userId });
    return { replaced: [], unchanged: 0 };
  }
}
