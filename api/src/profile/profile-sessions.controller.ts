import { Controller, Delete, Get, Header, HttpCode, Param, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SessionCookies } from '../auth/session-cookies.js';
import type { ApiAnswer, OtherSessionsClosedAnswer, StaffSessionsAnswer } from '../contract/staff.js';
import { SignedIn } from '../core/access/permissions.js';
import { ProfileSessionsService, SESSION_MESSAGES } from './profile-sessions.service.js';

/** "Sessions actives" of the profile: the person sees and ends their own sessions, never anyone else's. */
@ApiTags('profil')
@Controller('profile/sessions')
export class ProfileSessionsController {
  constructor(
    private readonly sessions: ProfileSessionsService,
    private readonly cookies: SessionCookies,
  ) {}

  @SignedIn()
  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'Ses propres sessions ouvertes : appareil, adresse, connexion, dernière activité ; la session courante (« Cette session ») en premier.',
  })
  @ApiOkResponse({ description: '{ success, sessions: [{ id, device, user_agent, ip, created_at, last_seen_at, current }] }' })
  async list(@Req() req: Request): Promise<StaffSessionsAnswer> {
    return { success: true, sessions: await this.sessions.list(req.principal!) };
  }

  @SignedIn()
  @Delete('others')
  @HttpCode(200)
  @ApiOperation({ summary: 'Déconnecte toutes ses autres sessions ; la session courante reste ouverte.' })
  @ApiOkResponse({ description: '{ success, message, closed }' })
  async closeOthers(@Req() req: Request): Promise<OtherSessionsClosedAnswer> {
    const closed = await this.sessions.closeOthers(req.principal!);
    return { success: true, message: SESSION_MESSAGES.closedOthers(closed), closed };
  }

  @SignedIn()
  @Delete(':id/delete')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Déconnecte une de ses sessions (la courante comprise : cela revient à se déconnecter).',
  })
  @ApiParam({
    name: 'id',
    description: 'L’id de la session tel que GET /api/profile/sessions le donne (32 caractères hexadécimaux).',
  })
  @ApiOkResponse({ description: '{ success, message }' })
  @ApiNotFoundResponse({
    description: 'Aucune de ses sessions n’a cet id (celles des autres personnes ne sont jamais trouvées).',
  })
  async close(@Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ApiAnswer> {
    const { current } = await this.sessions.close(req.principal!, id);
    if (current) this.cookies.clearSession(req, res);
    return { success: true, message: SESSION_MESSAGES.closed };
  }
}
