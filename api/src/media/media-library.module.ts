import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Media } from './entities/media.entity.js';
import { MediaController } from './media.controller.js';
import { MediaService } from './media.service.js';
import { closeSvgWorker } from './svg-sanitizer.js';

/** The editor's media library: uploads (POST /api/upload-media, /api/upload-image) and the picker list. */
@Module({
  imports: [TypeOrmModule.forFeature([Media])],
  controllers: [MediaController],
  providers: [MediaService],
})
export class MediaLibraryModule implements OnApplicationShutdown {
  /** Every route's SVG uploads share one sanitiser worker thread (svg-sanitizer.ts): stopped with the app. */
  async onApplicationShutdown(): Promise<void> {
    await closeSvgWorker();
  }
}
