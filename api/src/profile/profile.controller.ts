import { Body, Controller, HttpCode, Post, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { clientOf } from '../common/client-info.js';
import { SessionCookies } from '../auth/session-cookies.js';
import type { ProfileUpdateAnswer } from '../contract/staff.js';
import { SignedIn } from '../core/access/permissions.js';
import { ImageUploadInterceptor, checkImage } from '../media/upload-policy.js';
import { UpdateCredentialsDto, UpdateProfileDto } from './dto/profile.dto.js';
import { PROFILE_MESSAGES, ProfileService } from './profile.service.js';

@ApiTags('profil')
@Controller('profile')
export class ProfileController {
  constructor(
    private readonly profile: ProfileService,
    private readonly cookies: SessionCookies,
  ) {}

  @SignedIn()
  @Post('update')
  @HttpCode(200)
  @UseInterceptors(ImageUploadInterceptor('image'))
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Modifie son propre profil (photo facultative).' })
  async update(
    @Body() dto: UpdateProfileDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @UploadedFile() file?: Express.Multer.File,
  ): Promise<ProfileUpdateAnswer> {
    const image = file ? await checkImage(file, 'image') : undefined;
    const { user, rotated } = await this.profile.updateProfile(req.principal!, dto, image, clientOf(req));
    if (rotated) this.cookies.setSession(req, res, rotated);
    return { success: true, message: PROFILE_MESSAGES.updated, user };
  }

  @SignedIn()
  @Post('identifiants-update')
  @HttpCode(200)
  @UseInterceptors(NoFilesInterceptor())
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Modifie son email de connexion et/ou son mot de passe ; les autres sessions sont fermées.' })
  async credentials(
    @Body() dto: UpdateCredentialsDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ProfileUpdateAnswer> {
    const { user, rotated } = await this.profile.updateCredentials(req.principal!, dto, clientOf(req));
    if (rotated) this.cookies.setSession(req, res, rotated);
    return { success: true, message: PROFILE_MESSAGES.credentials, user };
  }
}
