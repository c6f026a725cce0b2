import { ADMIN_LIST, AdminListQueryDto } from './admin-list.js';
import { ApiList } from '../common/list-order.js';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { IdPipe } from '../common/id.pipe.js';
import { clientOf } from '../common/client-info.js';
import { SessionCookies } from '../auth/session-cookies.js';
import type { AdminSaveAnswer } from '../contract/staff.js';
import { RequirePermission } from '../core/access/permissions.js';
import { ImageUploadInterceptor, checkImage } from '../media/upload-policy.js';
import { ADMIN_MESSAGES, AdminsService } from './admins.service.js';
import { CreateAdminDto, UpdateAdminDto } from './dto/admin.dto.js';

const AdminId = new IdPipe(ADMIN_MESSAGES.notFound);

@ApiTags('administrateurs')
@Controller('admin')
export class AdminsController {
  constructor(
    private readonly admins: AdminsService,
    private readonly cookies: SessionCookies,
  ) {}

  @RequirePermission('admin', 'view')
  @Get()
  @ApiOperation({ summary: 'Les administrateurs, paginés (8 par page), recherche sur le nom et le prénom.' })
  @ApiList(ADMIN_LIST, 'Recherche sur le prénom, le nom et l’e-mail (sans accents ni casse).')
  list(@Query() query: AdminListQueryDto) {
    return this.admins.list(query);
  }

  @RequirePermission('admin', 'create')
  @Post('create')
  @HttpCode(201)
  @UseInterceptors(ImageUploadInterceptor('image'))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Crée un administrateur (photo facultative).' })
  async create(@Body() dto: CreateAdminDto, @UploadedFile() file?: Express.Multer.File): Promise<AdminSaveAnswer> {
    const image = file ? await checkImage(file, 'image') : undefined;
    const admin = await this.admins.create(dto, image);
    return { success: true, message: ADMIN_MESSAGES.created, admin };
  }

  @RequirePermission('admin', 'edit')
  @Post(':id/update')
  @HttpCode(200)
  @UseInterceptors(ImageUploadInterceptor('image'))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Modifie un administrateur (mot de passe et photo facultatifs).' })
  async update(
    @Param('id', AdminId) id: number,
    @Body() dto: UpdateAdminDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @UploadedFile() file?: Express.Multer.File,
  ): Promise<AdminSaveAnswer> {
    const image = file ? await checkImage(file, 'image') : undefined;
    const { admin, rotated } = await this.admins.update(id, dto, image, req.principal!, clientOf(req));
    if (rotated) this.cookies.setSession(req, res, rotated);
    return { success: true, message: ADMIN_MESSAGES.updated, admin };
  }

  @RequirePermission('admin', 'delete')
  @Delete(':id/delete')
  @ApiOperation({ summary: 'Supprime un administrateur (jamais soi-même ni le dernier administrateur).' })
  async delete(@Param('id', AdminId) id: number, @Req() req: Request) {
    await this.admins.delete(id, req.principal!);
    return { success: true, message: ADMIN_MESSAGES.deleted };
  }
}
