import { CUSTOMER_LIST, CustomerListQueryDto } from './customer-list.js';
import { ApiList } from '../common/list-order.js';
import { Controller, Delete, Get, Header, HttpCode, Param, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { IdPipe } from '../common/id.pipe.js';
import { FormBody, type SubmittedForm } from '../common/forms.js';
import type { CustomerListAnswer, CustomerSaveAnswer, DoneAnswer } from '../contract/backoffice.js';
import { RequirePermission } from '../core/access/permissions.js';
import { ImageUploadInterceptor } from '../media/upload-policy.js';
import { CustomersService } from './customers.service.js';
import { CustomerFormDto } from './dto/customer.dto.js';

const ID = new IdPipe('Client introuvable.');

/** The dialog posts multipart (or JSON) without files: parse it, refuse any file. */
const FORM_WITHOUT_FILES = ImageUploadInterceptor('image', { maxCount: 0 });

/** Clients (spec dashboard §2 "Clients", §7 "Clients"): part of the orders category. */
@ApiTags('Tableau de bord : clients')
@Controller('customer')
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @RequirePermission('orders', 'view')
  @ApiList(CUSTOMER_LIST, 'Recherche sur la société, son e-mail et le représentant (sans accents ni casse).')
  async list(@Query() query: CustomerListQueryDto): Promise<CustomerListAnswer> {
    return { success: true, message: 'Clients récupérés avec succès.', customers: await this.customers.list(query) };
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('orders', 'view')
  @ApiOperation({ summary: 'Un client et son nombre de commandes (la page du client).' })
  async get(@Param('id', ID) id: number): Promise<CustomerSaveAnswer> {
    return { success: true, message: 'Client récupéré avec succès.', customer: await this.customers.get(id) };
  }

  @Post('create')
  @HttpCode(201)
  @RequirePermission('orders', 'create')
  @UseInterceptors(FORM_WITHOUT_FILES)
  async create(
    @FormBody(CustomerFormDto, { multipart: true }) form: SubmittedForm<CustomerFormDto>,
  ): Promise<CustomerSaveAnswer> {
    return { success: true, message: 'Client ajouté !', customer: await this.customers.create(form) };
  }

  @Post(':id/update')
  @HttpCode(200)
  @RequirePermission('orders', 'edit')
  @UseInterceptors(FORM_WITHOUT_FILES)
  async update(
    @Param('id', ID) id: number,
    @Req() req: Request,
    @FormBody(CustomerFormDto, { multipart: true }) form: SubmittedForm<CustomerFormDto>,
  ): Promise<CustomerSaveAnswer> {
    return {
      success: true,
      message: 'Client mis à jour avec succès !',
      customer: await this.customers.update(id, form, req.principal!.userId),
    };
  }

  @Delete(':id/delete')
  @RequirePermission('orders', 'delete')
  async delete(@Param('id', ID) id: number): Promise<DoneAnswer> {
    await this.customers.delete(id);
    return { success: true, message: 'Client supprimé avec succès !' };
  }
}
