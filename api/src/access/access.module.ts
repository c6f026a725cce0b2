import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../admins/entities/user.entity.js';
import { AuthModule } from '../auth/auth.module.js';
import { AdministrationGuard } from './administration-guard.service.js';
import { RolePermission } from './entities/role-permission.entity.js';
import { Role } from './entities/role.entity.js';
import { RolesController } from './roles.controller.js';
import { RolesService } from './roles.service.js';

/** Roles and their per-category permissions (the "Rôles" screen), and the lock-out rules. */
@Module({
  imports: [TypeOrmModule.forFeature([Role, RolePermission, User]), AuthModule],
  controllers: [RolesController],
  providers: [RolesService, AdministrationGuard],
  exports: [AdministrationGuard],
})
export class AccessModule {}
