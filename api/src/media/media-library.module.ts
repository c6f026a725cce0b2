import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Media } from './entities/media.entity.js';
import { MediaController } from './media.controller.js';
import { MediaService } from './media.service.js';

/** The editor's media library: uploads (POST /api/upload-media, /api/upload-image) and the picker list. */
@Module({
  imports: [TypeOrmModule.forFeature([Media])],
  controllers: [MediaController],
  providers: [MediaService],
})
export class MediaLibraryModule {}
