import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { RuntimeConfig } from '../contract/index.js';
import { Public } from '../core/access/permissions.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { IMAGE_MAX_BYTES } from '../media/upload-policy.js';

/**
 * What the dashboard needs to know about this deployment, read at run time so that one dashboard
 * build serves every company domain (a build-time value would refuse every sign-in elsewhere).
 * Nothing secret: the same facts appear on the public site and in the sign-in form's own rule.
 */
@ApiTags('config')
@Controller('config')
export class RuntimeConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Public()
  @Get()
  get(@Res({ passthrough: true }) res: Response): RuntimeConfig {
    // Short: an operator who changes the domain and restarts sees it within a minute.
    res.setHeader('Cache-Control', 'no-cache');
    return {
      company_name: this.config.company.name,
      company_email_domain: this.config.companyEmailDomain,
      site_url: this.config.siteUrl,
      upload_max_bytes: IMAGE_MAX_BYTES,
      default_tax_rate_bp: this.config.taxes.defaultRateBp,
    };
  }
}
