import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, LessThanOrEqual, type EntityManager } from 'typeorm';
import { User } from '../admins/entities/user.entity.js';
import { Currency } from './entities/currency.entity.js';
import { invalidField } from '../core/errors/api-error.js';
import { EUR_XOF_PARITY, formatRate, parseRate } from '../common/money.js';
import type { ExchangeRateRow, RateInForce } from '../contract/backoffice.js';
import type { ExchangeRateDto } from './dto/exchange-rate.dto.js';
import { ExchangeRate } from './entities/exchange-rate.entity.js';

/** The CFA franc's parity with the euro dates from the euro's launch. */
const EUR_PARITY: RateInForce = {
  currency_code: 'EUR',
  rate: EUR_XOF_PARITY,
  rate_date: '1999-01-01',
  fixed: true,
  set_by_name: null,
};

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Exchange rates to the CFA franc: the fixed euro parity and the rates staff set ("Taux de change"). */
@Injectable()
export class ExchangeRatesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The rates in force on `day`: the euro parity, then each currency's latest rate dated that day or before. */
  async inForce(manager: EntityManager = this.dataSource.manager, day = new Date()): Promise<RateInForce[]> {
    const rows = await manager.getRepository(ExchangeRate).find({
      where: { rate_date: LessThanOrEqual(isoDay(day)) },
      order: { rate_date: 'DESC', id: 'DESC' },
    });
    const latest = new Map<string, RateInForce>();
    for (const row of rows) {
      if (!latest.has(row.currency_code)) {
        latest.set(row.currency_code, {
          currency_code: row.currency_code,
          rate: formatRate(parseRate(row.rate)),
          rate_date: row.rate_date,
          fixed: false,
          set_by_name: row.set_by_name,
        });
      }
    }
    return [EUR_PARITY, ...[...latest.values()].sort((a, b) => a.currency_code.localeCompare(b.currency_code))];
  }

  /** Every rate ever set, newest first (the screen's history). */
  async history(limit = 200): Promise<ExchangeRateRow[]> {
    const rows = await this.dataSource.getRepository(ExchangeRate).find({ order: { id: 'DESC' }, take: limit });
    return rows.map(toRow);
  }

  async set(dto: ExchangeRateDto, userId: number): Promise<ExchangeRateRow> {
    // Only a currency the catalogue prices in can be converted: a rate for any other is never used.
    const used = await this.dataSource.getRepository(Currency).findOneBy({ code: dto.currency_code });
    if (!used) {
      throw invalidField(
        'currency_code',
        `${dto.currency_code} n’est pas une devise du catalogue : seules ses devises ont un taux de change.`,
      );
    }
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    const repo = this.dataSource.getRepository(ExchangeRate);
    const saved = await repo.save(
      repo.create({
        currency_code: dto.currency_code,
        rate: formatRate(parseRate(dto.rate)),
        rate_date: dto.rate_date ?? isoDay(new Date()),
        set_by_id: userId,
        set_by_name: user ? `${user.firstname} ${user.name}`.trim() : `#${userId}`,
      }),
    );
    return toRow(saved);
  }
}

function toRow(row: ExchangeRate): ExchangeRateRow {
  return {
    id: row.id,
    currency_code: row.currency_code,
    rate: formatRate(parseRate(row.rate)),
    rate_date: row.rate_date,
    set_by_id: row.set_by_id,
    set_by_name: row.set_by_name,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Rates in force as the conversion functions take them: code → XOF per unit × 10^6. */
export function rateMap(rates: readonly RateInForce[]): Map<string, bigint> {
  return new Map(rates.map((r) => [r.currency_code, parseRate(r.rate)]));
}
