import { Controller, Get, Header, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { FormBody, type SubmittedForm } from '../common/forms.js';
import type { ExchangeRateCreatedAnswer, ExchangeRatesAnswer } from '../contract/backoffice.js';
import type { PublicExchangeRatesAnswer } from '../contract/public.js';
import { Public, RequirePermission } from '../core/access/permissions.js';
import { ExchangeRateDto } from './dto/exchange-rate.dto.js';
import { ExchangeRatesService } from './exchange-rates.service.js';

/** "Taux de change": rates are set by staff with the administration right; history kept. */
@ApiTags('Tableau de bord : taux de change')
@Controller('exchange-rate')
export class ExchangeRatesController {
  constructor(private readonly rates: ExchangeRatesService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @RequirePermission('admin', 'view')
  async list(): Promise<ExchangeRatesAnswer> {
    return {
      success: true,
      message: 'Taux de change récupérés avec succès.',
      in_force: await this.rates.inForce(),
      history: await this.rates.history(),
    };
  }

  @Post()
  @RequirePermission('admin', 'edit')
  async set(
    @FormBody(ExchangeRateDto) form: SubmittedForm<ExchangeRateDto>,
    @Req() req: Request,
  ): Promise<ExchangeRateCreatedAnswer> {
    return {
      success: true,
      message: 'Taux de change enregistré !',
      rate: await this.rates.set(form.valid(), req.principal!.userId),
    };
  }
}

/** The rates of the day for the order dialog's indicative conversion. */
@ApiTags('Site public : taux de change')
@Controller('exchange-rates')
export class PublicExchangeRatesController {
  constructor(private readonly rates: ExchangeRatesService) {}

  @Get()
  @Public()
  @Header('Cache-Control', 'public, max-age=300')
  async list(): Promise<PublicExchangeRatesAnswer> {
    return { success: true, rates: (await this.rates.inForce()).map(({ set_by_name: _, ...rate }) => rate) };
  }
}
