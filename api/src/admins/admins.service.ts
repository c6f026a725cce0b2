import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { AdministrationGuard } from '../access/administration-guard.service.js';
import { Role } from '../access/entities/role.entity.js';
import { grantsAdministration, removedRights } from '../access/permission-grid.js';
import { hashPassword } from '../auth/password.js';
import { SessionService, type OpenedSession, type SessionClient } from '../auth/session.service.js';
import { isUniqueViolation } from '../auth/unique-violation.js';
import { Article } from '../blog/entities/article.entity.js';
import type { AdminListAnswer, AdminListItem } from '../contract/staff.js';
import type { StaffPrincipal } from '../core/access/permissions.js';
import { invalidField, notFound } from '../core/errors/api-error.js';
import { STORAGE, type Storage } from '../media/storage/storage.js';
import { discardStored, saveWithImage, type CheckedImage } from '../media/upload-policy.js';
import { pageByIds, pageOf, pageRequest, whereSearch, type ListQueryDto } from '../common/listing.js';
import type { CreateAdminDto, UpdateAdminDto } from './dto/admin.dto.js';
import { ROLE_UNKNOWN } from './dto/admin.dto.js';
import { User } from './entities/user.entity.js';
import { adminView, gridOf } from './user-view.js';

export const ADMIN_MESSAGES = {
  list: 'Liste des administrateurs',
  empty: 'Aucun administrateur trouvé',
  created: 'Admin ajouté avec succès !',
  updated: 'Admin mis à jour avec succès !',
  deleted: 'Administrateur supprimé avec succès !',
  notFound: 'Administrateur introuvable.',
  emailTaken: 'Cet email est déjà utilisé.',
};

export const ADMINS_PER_PAGE = 8;
/** Staff photos, under the storage root. */
export const AVATAR_FOLDER = 'avatars';

@Injectable()
export class AdminsService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Role) private readonly roles: Repository<Role>,
    @InjectRepository(Article) private readonly articles: Repository<Article>,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly administration: AdministrationGuard,
    private readonly sessions: SessionService,
  ) {}

  async list(query: ListQueryDto): Promise<AdminListAnswer> {
    const request = pageRequest(query, ADMINS_PER_PAGE);
    const ids = whereSearch(this.users.createQueryBuilder('user'), 'user', query.search).orderBy('user.id', 'ASC');
    const { rows, total } = await pageByIds(ids, { skip: request.skip, take: request.perPage }, (page) =>
      this.users
        .createQueryBuilder('user')
        .leftJoinAndSelect('user.role', 'role')
        .where('user.id IN (:...page)', { page })
        .getMany(),
    );
    const page = pageOf(rows, total, request);
    const counts = await this.blogCounts(page.data.map((u) => u.id));
    return {
      success: true,
      message: page.total ? ADMIN_MESSAGES.list : ADMIN_MESSAGES.empty,
      admins: { ...page, data: page.data.map((u) => adminView(u, counts.get(u.id) ?? 0)) },
    };
  }

  async create(dto: CreateAdminDto, image: CheckedImage | undefined): Promise<AdminListItem> {
    await this.assertRoleExists(dto.role_id);
    await this.assertEmailFree(dto.email);
    const passwordHash = await hashPassword(dto.password);
    const id = await saveWithImage(this.storage, AVATAR_FOLDER, image, (path) =>
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
    await saveWithImage(this.storage, AVATAR_FOLDER, image, async (path) => {
      if (path) changes.image = path;
      await this.saving(() => this.users.update({ id }, { ...changes, updated_at: new Date() }));
    });
    if (image && user.image) await discardStored(this.storage, user.image);

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
    await this.sessions.revokeUser(id);
    await this.users.delete({ id });
    await discardStored(this.storage, user.image);
  }

  private async view(id: number): Promise<AdminListItem> {
    const user = await this.users.findOneOrFail({ where: { id }, relations: { role: true } });
    const counts = await this.blogCounts([id]);
    return adminView(user, counts.get(id) ?? 0);
  }

  private async blogCounts(userIds: number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    if (!userIds.length) return counts;
    const rows = await this.articles
      .createQueryBuilder('article')
      .select('article.user_id', 'user_id')
      .addSelect('COUNT(article.id)', 'total')
      .where({ user_id: In(userIds) })
      .groupBy('article.user_id')
      .getRawMany<{ user_id: number | string; total: number | string }>();
    for (const row of rows) counts.set(Number(row.user_id), Number(row.total));
    return counts;
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
