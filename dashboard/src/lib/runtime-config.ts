import type { RuntimeConfig } from '@comptoir/api/contract';
import { api } from './api';

/**
 * The deployment's facts (company name, staff e-mail domain, site address, upload limit), read from
 * `GET /api/config` once before the first screen renders. They are never compiled into the build:
 * one dashboard build serves every company domain.
 */
let current: RuntimeConfig | undefined;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  current = await api.get<RuntimeConfig>('/api/config', { redirectOnUnauthorized: false });
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtimeConfig() read before loadRuntimeConfig() resolved');
  return current;
}

/** Tests and stories only: sets the values without a server. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}
