import type { FullConfig } from '@playwright/test';
import { startServer } from './server.js';

// One real server for the whole browser run; its address and data folder reach the tests through
// the environment (E2E_BASE_URL, E2E_DATA_DIR: mails land in E2E_DATA_DIR/outbox as .eml files).
export default async function globalSetup(_config: FullConfig) {
  const { buildIfStale } = await import('../../scripts/lib/builds.mjs');
  buildIfStale();
  // COMPANY_WHATSAPP: the « Discuter sur WhatsApp » links show (public-whatsapp.spec.ts).
  const server = await startServer({ RATE_LIMIT_FACTOR: '20', COMPANY_WHATSAPP: '+228 90 00 00 09' });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
