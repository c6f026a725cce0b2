import { availableParallelism } from 'node:os';

/** WORKER_THREADS when not set: one thread per core, less the one running the event loop; at least 1. */
export const defaultWorkerThreads = (): number => Math.max(1, availableParallelism() - 1);
