import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { closeWorkerPool, configureWorkerPool } from './pool.js';

/** Sizes the worker pool (pool.ts) from WORKER_THREADS and stops its threads with the application. */
@Global()
@Module({})
export class WorkerPoolModule implements OnApplicationShutdown {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    configureWorkerPool({ threads: config.workerThreads });
  }

  async onApplicationShutdown(): Promise<void> {
    await closeWorkerPool();
  }
}
