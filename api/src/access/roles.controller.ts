import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RequirePermission } from '../core/access/permissions.js';
import { RoleDto } from './dto/role.dto.js';
import { IdPipe } from '../common/id.pipe.js';
import { ROLE_MESSAGES, RolesService } from './roles.service.js';

const RoleId = new IdPipe(ROLE_MESSAGES.notFound);

@ApiTags('roles')
@Controller('role')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @RequirePermission('admin', 'view')
  @Get()
  @ApiOperation({ summary: 'Les rôles (non paginés), avec leurs permissions et jusqu’à 5 titulaires.' })
  list() {
    return this.roles.list();
  }

  @RequirePermission('admin', 'create')
  @Post('create')
  @HttpCode(201)
  @UseInterceptors(NoFilesInterceptor())
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Crée un rôle (nom, description, permissions en JSON).' })
  create(@Body() dto: RoleDto) {
    return this.roles.create(dto);
  }

  @RequirePermission('admin', 'edit')
  @Post(':id/update')
  @HttpCode(200)
  @UseInterceptors(NoFilesInterceptor())
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Modifie un rôle ; ses titulaires sont déconnectés s’il perd des droits.' })
  update(@Param('id', RoleId) id: number, @Body() dto: RoleDto, @Req() req: Request) {
    return this.roles.update(id, dto, req.principal!);
  }

  @RequirePermission('admin', 'delete')
  @Delete(':id/delete')
  @ApiOperation({ summary: 'Supprime un rôle qui n’est plus attribué.' })
  delete(@Param('id', RoleId) id: number) {
    return this.roles.delete(id);
  }
}
