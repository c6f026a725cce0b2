import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Not, type Repository } from 'typeorm';
import { isUniqueViolation } from '../common/unique-violation.js';
import type { SubmittedForm } from '../common/forms.js';
import { applyListQuery } from '../common/list-order.js';
import { CUSTOMER_LIST, type CustomerListQueryDto } from './customer-list.js';
import { pageByIds, pageOf, pageRequest, scopeCount, searchScope, whereScope } from '../common/listing.js';
import { runTransaction } from '../common/transactions.js';
import { explainUnappliedUpdate, withCurrentRecord } from '../common/versioning.js';
import type { StaffCustomer } from '../contract/backoffice.js';
import type { Paginated } from '../contract/staff.js';
import { invalidField, notFound, type FieldErrors } from '../core/errors/api-error.js';
import type { CustomerFormDto } from './dto/customer.dto.js';
import { Customer } from './entities/customer.entity.js';
import { removeAudited, updateAudited } from '../audit/audited-writes.js';
import { CUSTOMER_ORDERS } from './customer-orders.js';

export const CUSTOMERS_PAGE_SIZE = 8;
const NOT_FOUND = 'Client introuvable.';
const EMAIL_TAKEN = 'Cet email est déjà utilisé.';

export function toStaffCustomer(customer: Customer, ordersCount: number): StaffCustomer {
  return {
    id: customer.id,
    company_name: customer.company_name,
    company_email: customer.company_email,
    company_phone: customer.company_phone,
    company_address: customer.company_address,
    representative_name: customer.representative_name,
    representative_phone: customer.representative_phone,
    representative_email: customer.representative_email,
    orders_count: ordersCount,
    created_at: customer.created_at.toISOString(),
    updated_at: customer.updated_at.toISOString(),
    version: customer.version,
  };
}

/** Clients (companies) and their order counts. */
@Injectable()
export class CustomersService {
  constructor(
    @InjectRepository(Customer) private readonly customers: Repository<Customer>,
    private readonly dataSource: DataSource,
  ) {}

  private orderCounts(ids: number[]): Promise<Map<number, number>> {
    const count = CUSTOMER_ORDERS.count.get('orders');
    return count ? count(this.dataSource, ids) : Promise.resolve(new Map());
  }

  async list(query: CustomerListQueryDto): Promise<Paginated<StaffCustomer>> {
    const request = pageRequest(query, CUSTOMERS_PAGE_SIZE);
    const scope = await searchScope(this.customers.createQueryBuilder('customer'), query.search);
    const ids = applyListQuery(
      whereScope(this.customers.createQueryBuilder('customer'), 'customer', scope),
      query,
      CUSTOMER_LIST,
    );
    const { rows, total, capped } = await pageByIds(
      ids,
      { skip: request.skip, take: request.perPage },
      (page) => this.customers.createQueryBuilder('customer').where('customer.id IN (:...page)', { page }).getMany(),
      scopeCount(scope),
    );
    const counts = await this.orderCounts(rows.map((c) => c.id));
    return pageOf(
      rows.map((c) => toStaffCustomer(c, counts.get(c.id) ?? 0)),
      total,
      request,
      capped,
    );
  }

  async get(id: number): Promise<StaffCustomer> {
    const customer = await this.customers.findOneBy({ id });
    if (!customer) throw notFound(NOT_FOUND);
    const counts = await this.orderCounts([id]);
    return toStaffCustomer(customer, counts.get(id) ?? 0);
  }

  /**
   * "E-mail already used" is found together with the other field errors, so the form shows every
   * problem in one answer (not the format errors first, then the duplicate on the next try).
   */
  private async emailTaken(form: SubmittedForm<CustomerFormDto>, exceptId?: number): Promise<FieldErrors> {
    // Trimmed and lower-cased by the DTO.
    const email = form.fields.company_email;
    if (typeof email !== 'string' || !email) return {};
    const taken = await this.customers.existsBy(
      exceptId === undefined ? { company_email: email } : { company_email: email, id: Not(exceptId) },
    );
    return taken ? { company_email: [EMAIL_TAKEN] } : {};
  }

  async create(submitted: SubmittedForm<CustomerFormDto>): Promise<StaffCustomer> {
    const form = submitted.valid(await this.emailTaken(submitted));
    try {
      const result = await this.customers.insert(form);
      return this.get(Number(result.identifiers[0]!.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidField('company_email', EMAIL_TAKEN);
      throw error;
    }
  }

  async update(id: number, submitted: SubmittedForm<CustomerFormDto>, userId: number): Promise<StaffCustomer> {
    if (!(await this.customers.existsBy({ id }))) throw notFound(NOT_FOUND);
    const form = submitted.valid(await this.emailTaken(submitted, id));
    try {
      const result = await updateAudited(this.customers, id, { ...form, updated_by: userId }, submitted.version());
      if (!result.affected)
        await explainUnappliedUpdate(this.customers, id, NOT_FOUND, 'ce client').catch(withCurrentRecord(() => this.get(id)));
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidField('company_email', EMAIL_TAKEN);
      throw error;
    }
    return this.get(id);
  }

  /** Removes a client; its orders stay, with the company details they were placed with. */
  async delete(id: number): Promise<void> {
    await runTransaction(this.dataSource, async (manager) => {
      if (!(await manager.getRepository(Customer).existsBy({ id }))) throw notFound(NOT_FOUND);
      for (const detach of CUSTOMER_ORDERS.detach.all()) await detach(manager, id);
      await removeAudited(manager.getRepository(Customer), id);
    });
  }
}
