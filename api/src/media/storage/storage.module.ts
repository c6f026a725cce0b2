import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { STORAGE } from './storage.js';

/** Provides the `STORAGE` driver (local disk under DATA_DIR/storage) to every module. */
@Global()
@Module({
  providers: [
    { provide: STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalDiskStorage(config.storageDir) },
  ],
  exports: [STORAGE],
})
export class StorageModule {}
