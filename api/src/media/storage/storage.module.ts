import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type StorageConfig } from '../../core/config/config.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { S3Storage } from './s3.storage.js';
import { STORAGE, type Storage } from './storage.js';

/** The driver STORAGE_URL chooses: local disk (unset) or an S3-compatible bucket (s3://bucket/prefix). */
export function createStorage(config: StorageConfig): Storage {
  if (config.driver === 'local') return new LocalDiskStorage(config.dir);
  return new S3Storage(config);
}

/** Provides the `STORAGE` driver to every module. */
@Global()
@Module({
  providers: [
    {
      provide: STORAGE,
      inject: [APP_CONFIG],
      // A bucket that cannot be reached stops the start with one line, rather than failing every upload.
      useFactory: async (config: AppConfig) => {
        const storage = createStorage(config.storage);
        await storage.check();
        return storage;
      },
    },
  ],
  exports: [STORAGE],
})
export class StorageModule {}
