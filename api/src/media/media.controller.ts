import { MEDIA_LIST, MediaListQueryDto } from './media-list.js';
import { ApiList } from '../common/list-order.js';
import {
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Injectable,
  Param,
  Post,
  Query,
  Req,
  UploadedFile,
  UseGuards,
  UseInterceptors,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { MediaListAnswer, MediaUploadAnswer } from '../contract/backoffice.js';
import { IdPipe } from '../common/id.pipe.js';
import { RequirePermission, SignedIn, can } from '../core/access/permissions.js';
import { forbidden } from '../core/errors/api-error.js';
import { MediaService } from './media.service.js';
import { ImageUploadInterceptor, requiredImage } from './upload-policy.js';

/** Create OR edit on the blog; runs after the global guard (which checked the session), before the upload is read. */
@Injectable()
class BlogWriterGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const principal = context.switchToHttp().getRequest<Request>().principal;
    if (!can(principal, 'blog', 'create') && !can(principal, 'blog', 'edit')) throw forbidden();
    return true;
  }
}

/**
 * Uploads of the article editor: the media picker (`location`) and Editor.js's image tool
 * (`success: 1, file.url`). Open to whoever may write articles, i.e. create OR edit on the blog:
 * the route declares @SignedIn() and `BlogWriterGuard` checks that pair of rights before the upload is read.
 */
@ApiTags('Tableau de bord : médias')
@Controller()
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Post('upload-media')
  @HttpCode(200)
  @SignedIn()
  @UseGuards(BlogWriterGuard)
  @UseInterceptors(ImageUploadInterceptor('file'))
  async uploadMedia(@Req() req: Request, @UploadedFile() file?: Express.Multer.File): Promise<MediaUploadAnswer> {
    return this.media.upload(await requiredImage(file, 'file'), req.principal!.userId);
  }

  @Post('upload-image')
  @HttpCode(200)
  @SignedIn()
  @UseGuards(BlogWriterGuard)
  @UseInterceptors(ImageUploadInterceptor('image'))
  async uploadImage(@Req() req: Request, @UploadedFile() file?: Express.Multer.File): Promise<MediaUploadAnswer> {
    // Errors keyed `image` like the interceptor's (too big): the editor reads one field for every refusal.
    return this.media.upload(await requiredImage(file, 'image'), req.principal!.userId);
  }

  @Get('media')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('blog', 'view')
  @ApiList(MEDIA_LIST, 'Recherche sur le nom du fichier (sans accents ni casse).')
  async list(@Query() query: MediaListQueryDto): Promise<MediaListAnswer> {
    return { success: true, message: 'Médias récupérés avec succès.', media: await this.media.list(query) };
  }

  @Delete('media/:id')
  @RequirePermission('blog', 'delete')
  @ApiOperation({ summary: 'Supprime une image de la médiathèque (refusé tant qu’un article la montre).' })
  async remove(@Param('id', new IdPipe('Image introuvable.')) id: number): Promise<{ success: true; message: string }> {
    await this.media.remove(id);
    return { success: true, message: 'Image supprimée avec succès.' };
  }
}
