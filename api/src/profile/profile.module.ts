import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../admins/entities/user.entity.js';
import { AuthModule } from '../auth/auth.module.js';
import { ProfileSessionsController } from './profile-sessions.controller.js';
import { ProfileSessionsService } from './profile-sessions.service.js';
import { ProfileController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';

/** Every staff member's own profile, credentials and sessions ("Mon profile"). */
@Module({
  imports: [TypeOrmModule.forFeature([User]), AuthModule],
  controllers: [ProfileController, ProfileSessionsController],
  providers: [ProfileService, ProfileSessionsService],
})
export class ProfileModule {}
