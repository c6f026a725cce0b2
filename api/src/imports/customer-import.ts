import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { CustomerFormDto } from '../customers/dto/customer.dto.js';
import { Customer } from '../customers/entities/customer.entity.js';
import type { SheetRow } from './import-files.js';
import { cellOf, checkWithForm, chunks } from './import-kind.js';
import type { ImportColumn, ImportBatchResult, ImportContext, PreparedRow } from './import-kind.js';
import { matchByKey, matched, MatchingImport, splitByMatch, type ReadRow } from './import-matching.js';

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

const emailOf = (row: SheetRow) => (cellOf(COLUMNS, row, 'company_email') ?? '').trim().toLowerCase();

const NAMES = { kind: 'customers', plural: 'clients', fileName: 'clients', category: 'orders' } as const;

/** Clients from a sheet, matched by the company's e-mail (unique), checked with the client form's DTO. */
@Injectable()
export class CustomerImport extends MatchingImport<CustomerFormDto, Map<string, Customer | 'ambiguous'>> {
  constructor(private readonly dataSource: DataSource) {
    super(NAMES, COLUMNS, { key: 'L’e-mail', record: 'le client' });
  }

  protected lookUp(sheet: SheetRow[]) {
    return matchByKey(
      sheet.map(emailOf),
      (part) => this.dataSource.getRepository(Customer).find({ where: { company_email: In(part) } }),
      (customer) => customer.company_email.toLowerCase(),
      'last',
    );
  }

  protected async readRow(
    row: SheetRow,
    cell: (field: string) => string | undefined,
    existing: Map<string, Customer | 'ambiguous'>,
  ): Promise<ReadRow<CustomerFormDto>> {
    const email = emailOf(row);
    const current = matched(existing.get(email));
    const plain: Record<string, unknown> = {};
    for (const field of FIELDS) plain[field] = cell(field) ?? current?.[field];
    const checked = await checkWithForm(CustomerFormDto, row.line, plain);
    return {
      key: email,
      label: String(plain.company_name ?? ''),
      existingId: current?.id ?? null,
      values: checked.values,
      errors: checked.errors,
    };
  }

  async apply(manager: EntityManager, rows: PreparedRow<CustomerFormDto>[], context: ImportContext): Promise<ImportBatchResult> {
    const customers = manager.getRepository(Customer);
    const { fresh, matching } = splitByMatch(rows);
    for (const part of chunks(fresh, 200)) await customers.insert(part.map((row) => ({ ...row.values! })));
    for (const row of matching) await customers.update(row.existingId!, { ...row.values!, updated_by: context.userId });
    return { replaced: [], unchanged: 0 };
  }
}
