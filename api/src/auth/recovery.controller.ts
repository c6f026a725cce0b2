import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../core/access/permissions.js';
import { PublicWrite } from '../core/web/public-writes.js';
import { withRetryAfter } from './auth.controller.js';
import { clientOf } from '../common/client-info.js';
import { RecoveryDto } from './dto/recovery.dto.js';
import { ResetPasswordDto } from './dto/reset-password.dto.js';
import { RECOVERY_ANSWER, RESET_DONE, RecoveryService } from './recovery.service.js';
import { SessionCookies } from './session-cookies.js';

@ApiTags('session')
@Controller('account')
export class RecoveryController {
  constructor(
    private readonly recovery: RecoveryService,
    private readonly cookies: SessionCookies,
  ) {}

  @Public()
  @PublicWrite({ throttle: 'recovery' })
  @Post('recovery')
  @HttpCode(200)
  @ApiOperation({ summary: 'Envoie un lien de réinitialisation (réponse identique que le compte existe ou non).' })
  async request(@Body() dto: RecoveryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await withRetryAfter(res, () => this.recovery.request(dto.email, clientOf(req).ip));
    return { success: true, message: RECOVERY_ANSWER };
  }

  @Public()
  @PublicWrite({ throttle: 'recovery' })
  @Post('reset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Choisit un nouveau mot de passe avec le lien reçu ; toutes les sessions du compte sont fermées.' })
  async reset(@Body() dto: ResetPasswordDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await withRetryAfter(res, () => this.recovery.reset(dto, clientOf(req).ip));
    if (req.staffSession) this.cookies.clearSession(req, res);
    return { success: true, message: RESET_DONE };
  }
}
