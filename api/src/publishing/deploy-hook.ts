import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';

const RETRY_DELAYS_MS = [1_000, 5_000, 20_000];

/** Tells a CDN or hosting (SITE_DEPLOY_HOOK_URL) that a new release is live, with retries. */
@Injectable()
export class DeployHook {
  private readonly logger = new Logger('DeployHook');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async releaseLive(release: string, liveSince: Date): Promise<boolean> {
    const url = this.config.siteDeployHookUrl;
    if (!url) return true;
    const body = JSON.stringify({
      event: 'site.release.live',
      release,
      live_since: liveSince.toISOString(),
      site_url: this.config.siteUrl,
    });
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'User-Agent': 'Comptoir-publisher' },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (res.ok) return true;
        this.logger.warn(`Deploy hook answered ${res.status} (attempt ${attempt + 1})`);
      } catch (error) {
        this.logger.warn(`Deploy hook failed (attempt ${attempt + 1}): ${(error as Error).message}`);
      }
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay !== undefined) await new Promise((r) => setTimeout(r, delay).unref());
    }
    this.logger.error(`Deploy hook gave up for release ${release}`);
    return false;
  }
}
