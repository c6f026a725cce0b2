import { applyListQuery } from '../common/list-order.js';
import { ADMIN_LIST, type AdminListQueryDto } from './admin-list.js';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AdministrationGuard } from '../access/administration-guard.service.js';
import { Role } from '../access/entities/role.entity.js';
import { grantsAdministration, removedRights } from '../access/permission-grid.js';
import { assertPasswordNotPersonal } from '../auth/password-rules.js';
import { hashPassword } from '../auth/password.js';
import { SessionService, type OpenedSession, type SessionClient } from '../auth/session.service.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import { leanColumns } from '../common/lean-rows.js';
import { quoteIdentifier } from '../core/database/triggers.js';
import { Article } from '../blog/entities/article.entity.js';
import type { AdminListAnswer, AdminListItem } from '../contract/staff.js';
import type { StaffPrincipal } from '../core/access/permissions.js';
import { explainUnappliedUpdate, withCurrentRecord } from '../common/versioning.js';
import { invalidField, notFound } from '../core/errors/api-error.js';
import { STORAGE, type Storage } from '../media/storage/storage.js';
import { PublishingService } from '../publishing/publishing.service.js';
// Avatars get the same resized variants as every other image (their answers list them).
import { discardImage, saveWithImages } from '../media/image-variants.js';
import type { CheckedImage } from '../media/upload-policy.js';
import { pageByIds, pageOf, pageRequest, whereSearch } from '../common/listing.js';
import type { CreateAdminDto, UpdateAdminDto } from './dto/admin.dto.js';
import { ROLE_UNKNOWN } from './dto/admin.dto.js';
import { User } from '../admins/entities/user.entity.js';
import { AVATAR_FOLDER, adminView, gridOf } from '../admins/user-view.js';
import { removeAudited, updateAudited } from '../audit/audited-writes.js';

export const ADMIN_MESSAGES = {
  ownCredentials:
    'Pour changer votre propre email ou mot de passe, utilisez « Mon profil » (votre mot de passe actuel y est demandé).',
  list: 'Liste des administrateurs',
  empty: 'Aucun administrateur trouvé',
  created: 'Admin ajouté avec succès !',
  updated: 'Admin mis à jour avec succès !',
  deleted: 'Administrateur supprimé avec succès !',
  notFound: 'Administrateur introuvable.',
  emailTaken: 'Cet email est déjà utilisé.',
};

export const ADMINS_PER_PAGE = 8;

@Injectable()
export class AdminsService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Role) private readonly roles: Repository<Role>,
    @InjectRepository(Article) private readonly articles: Repository<Article>,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly administration: AdministrationGuard,
    private readonly sessions: SessionService,
    private readonly publishing: PublishingService,
  ) {}

  /**
   * Public articles show their author's name, photo and function: when those change, or the author
   * is deleted, the pages that show them are rebuilt (not left stale until an unrelated publish).
   */
  private async republishAuthor(userId: number, label: string): Promise<void> {
    const published = await this.articles.countBy({ user_id: userId, status: 'Publié' });
    if (published > 0) await this.publishing.notifyChange('article.author', label);
  }

  async list(query: AdminListQueryDto): Promise<AdminListAnswer> {
    const request = pageRequest(query, ADMINS_PER_PAGE);
    const ids = applyListQuery(whereSearch(this.users.createQueryBuilder('user'), 'user', query.search), query, ADMIN_LIST);
    const { rows, total } = await pageByIds(ids, { skip: request.skip, take: request.perPage }, (page) => this.rows(page));
    const page = pageOf(rows, total, request);
    return { success: true, message: page.total ? ADMIN_MESSAGES.list : ADMIN_MESSAGES.empty, admins: page };
  }

  async create(dto: CreateAdminDto, image: CheckedImage | undefined): Promise<AdminListItem> {
    await this.assertRoleExists(dto.role_id);
    await this.assertEmailFree(dto.email);
    const passwordHash = await hashPassword(dto.password);
    const id = await saveWithImages(this.storage, AVATAR_FOLDER, image ? [image] : [], ([path]) =>
      this.saving(async () => {
        const result = await this.users.insert({
          role_id: dto.role_id,
          firstname: dto.firstname,
          name: dto.name,
          email: dto.email,
          password_hash: passwordHash,
          image: path ?? null,
          password_changed_at: new Date(),
        });
        return Number(result.identifiers[0]!.id);
      }),
    );
    return this.view(id);
  }

  /**
   * Updates an administrator. A new password or e-mail, or a role with fewer rights, ends the person's
   * sessions; when they edit themselves the current session is replaced (`rotated`) instead.
   */
  async update(
    id: number,
    dto: UpdateAdminDto,
    image: CheckedImage | undefined,
    actor: StaffPrincipal,
    client: SessionClient,
  ): Promise<{ admin: AdminListItem; rotated?: OpenedSession }> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw notFound(ADMIN_MESSAGES.notFound);
    let rightsLost = false;
    if (dto.role_id !== undefined && dto.role_id !== user.role_id) {
      const [before, after] = await Promise.all([this.roleWithGrid(user.role_id), this.assertRoleExists(dto.role_id)]);
      if (before && grantsAdministration(gridOf(before.permissions)) && !grantsAdministration(gridOf(after.permissions))) {
        await this.administration.assertUserMayLoseAdministration(user, dto.role_id);
      }
      rightsLost = removedRights(gridOf(before?.permissions), gridOf(after.permissions)).length > 0;
    }
    const emailChanged = dto.email !== undefined && dto.email !== user.email;
    if (emailChanged) await this.assertEmailFree(dto.email!, id);
    const passwordChanged = Boolean(dto.password);
    if (id === actor.userId && (emailChanged || passwordChanged)) {
      // One's own credentials change on the profile screen, where the current password is asked.
      throw invalidField(emailChanged ? 'email' : 'password', ADMIN_MESSAGES.ownCredentials);
    }
    if (passwordChanged) {
      assertPasswordNotPersonal(dto.password!, {
        email: dto.email ?? user.email,
        firstname: dto.firstname ?? user.firstname,
        name: dto.name ?? user.name,
      });
    }
    const changes: Partial<User> = {};
    if (dto.role_id !== undefined) changes.role_id = dto.role_id;
    // The three together, changed or not: the user's search_text is made of them (common/search-text.ts).
    changes.firstname = dto.firstname ?? user.firstname;
    changes.name = dto.name ?? user.name;
    changes.email = emailChanged ? dto.email! : user.email;
    if (passwordChanged) {
      changes.password_hash = await hashPassword(dto.password!);
      changes.password_changed_at = new Date();
    }
    await saveWithImages(this.storage, AVATAR_FOLDER, image ? [image] : [], async ([path]) => {
      if (path) changes.image = path;
      const result = await this.saving(() =>
        updateAudited(this.users, id, { ...changes, updated_by: actor.userId, updated_at: new Date() }, dto.version),
      );
      if (!result.affected) await explainUnappliedUpdate(this.users, id, ADMIN_MESSAGES.notFound, 'cet administrateur');
    }).catch(withCurrentRecord(() => this.view(id)));
    if (image && user.image) await discardImage(this.storage, user.image);
    if (image || changes.firstname !== undefined || changes.name !== undefined) {
      await this.republishAuthor(id, `Auteur « ${changes.firstname ?? user.firstname} ${changes.name ?? user.name} » mis à jour`);
    }

    let rotated: OpenedSession | undefined;
    if (passwordChanged || emailChanged || rightsLost) {
      if (id === actor.userId && (passwordChanged || emailChanged)) rotated = await this.sessions.rotate(id, client);
      else await this.sessions.revokeUser(id, id === actor.userId ? actor.sessionId : undefined);
    }
    return { admin: await this.view(id), rotated };
  }

  async delete(id: number, actor: StaffPrincipal): Promise<void> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw notFound(ADMIN_MESSAGES.notFound);
    await this.administration.assertUserMayBeDeleted(user, actor.userId);
    const published = await this.articles.countBy({ user_id: id, status: 'Publié' });
    await this.sessions.revokeUser(id);
    await removeAudited(this.users, id);
    await discardImage(this.storage, user.image);
    if (published > 0) await this.publishing.notifyChange('article.author', `Auteur « ${user.firstname} ${user.name} » supprimé`);
  }

  private async view(id: number): Promise<AdminListItem> {
    const [admin] = await this.rows([id]);
    if (!admin) throw notFound(ADMIN_MESSAGES.notFound);
    return admin;
  }

  /**
   * Rows of the administrators list, with their role's name and their articles counted, in one
   * statement read as plain rows: the joined query builder, its grouping into entities and a second
   * statement for the counts were the Node CPU of the page that was the list's own (docs/performance.md).
   */
  private async rows(ids: number[]): Promise<AdminListItem[]> {
    const q = quoteIdentifier(this.users.manager.connection);
    const user = leanColumns(this.users.manager.connection, User, 'user');
    const rows: Record<string, unknown>[] = await this.users.manager.query(
      `SELECT ${user.select}, r.${q('id')} AS r_id, r.${q('name')} AS r_name,
              (SELECT COUNT(*) FROM ${q(this.articles.metadata.tableName)} a WHERE a.${q('user_id')} = ${q('user')}.${q('id')}) AS blogs_count
         FROM ${q(this.users.metadata.tableName)} ${q('user')}
         LEFT JOIN ${q(this.roles.metadata.tableName)} r ON r.${q('id')} = ${q('user')}.${q('role_id')}
        WHERE ${q('user')}.${q('id')} IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return rows.map((raw) => {
      const row = user.read(raw);
      row.role = raw.r_id == null ? undefined : ({ id: Number(raw.r_id), name: raw.r_name } as Role);
      return adminView(row, Number(raw.blogs_count));
    });
  }

  private async roleWithGrid(roleId: number): Promise<Role | null> {
    return this.roles.findOne({ where: { id: roleId }, relations: { permissions: true } });
  }

  private async assertRoleExists(roleId: number): Promise<Role> {
    const role = await this.roleWithGrid(roleId);
    if (!role) throw invalidField('role_id', ROLE_UNKNOWN);
    return role;
  }

  private async assertEmailFree(email: string, exceptId?: number): Promise<void> {
    const existing = await this.users.findOneBy({ email });
    if (existing && existing.id !== exceptId) throw invalidField('email', ADMIN_MESSAGES.emailTaken);
  }

  private async saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidField('email', ADMIN_MESSAGES.emailTaken);
      throw error;
    }
  }
}
