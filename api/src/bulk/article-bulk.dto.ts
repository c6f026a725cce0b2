import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsIn } from 'class-validator';
import { BulkSelectionDto } from './bulk-operation.js';

export const ARTICLE_BULK_ACTIONS = ['publish', 'unpublish', 'trash', 'delete'] as const;
export type ArticleBulkAction = (typeof ARTICLE_BULK_ACTIONS)[number];

/** POST /api/blog/bulk: the action and the rows (ids, or all the list's filter keeps). */
export class ArticleBulkDto extends BulkSelectionDto {
  @ApiProperty({
    description: 'publish (publier), unpublish (repasser en brouillon), trash (mettre à la corbeille), delete (supprimer).',
    enum: ARTICLE_BULK_ACTIONS,
    example: 'publish',
  })
  @IsNotEmpty({ message: 'L’action est requise.' })
  @IsIn(ARTICLE_BULK_ACTIONS, { message: 'L’action doit être publish, unpublish, trash ou delete.' })
  action: ArticleBulkAction;
}
