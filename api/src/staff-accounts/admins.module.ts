import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module.js';
import { Role } from '../access/entities/role.entity.js';
import { AuthModule } from '../auth/auth.module.js';
import { Article } from '../blog/entities/article.entity.js';
import { AdminsController } from './admins.controller.js';
import { AdminsService } from './admins.service.js';
import { User } from '../admins/entities/user.entity.js';

/** The administrators screen: staff accounts, their role and photo. */
@Module({
  imports: [TypeOrmModule.forFeature([User, Role, Article]), AuthModule, AccessModule],
  controllers: [AdminsController],
  providers: [AdminsService],
  exports: [AdminsService],
})
export class AdminsModule {}
