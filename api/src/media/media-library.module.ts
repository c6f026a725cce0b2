import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Media } from './entities/media.entity.js';
import { MediaController } from './media.controller.js';
import { MediaService } from './media.service.js';
import { MediaUsage } from './media-usage.js';

/**
 * The editor's media library: uploads (POST /api/upload-media, /api/upload-image) and the picker list.
 * Exports MediaUsage, where the domains that show its pictures register (the blog).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Media])],
  controllers: [MediaController],
  providers: [MediaService, MediaUsage],
  exports: [MediaUsage],
})
export class MediaLibraryModule {}
