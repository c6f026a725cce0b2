import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { User } from '../admins/entities/user.entity.js';
import { AVATAR_FOLDER, currentUserView } from '../admins/user-view.js';
import { assertPasswordNotPersonal } from '../auth/password-rules.js';
import { CURRENT_PASSWORD_WRONG, CurrentPassword } from '../auth/current-password.js';
import { hashPassword } from '../auth/password.js';
import { SessionService, type OpenedSession, type SessionClient } from '../auth/session.service.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import type { CurrentUser } from '../contract/staff.js';
import type { StaffPrincipal } from '../core/access/permissions.js';
import { explainUnappliedUpdate, withCurrentRecord } from '../common/versioning.js';
import { invalidField, unauthenticated } from '../core/errors/api-error.js';
import { STORAGE, type Storage } from '../media/storage/storage.js';
import { Article } from '../blog/entities/article.entity.js';
import { PublishingService } from '../publishing/publishing.service.js';
// Avatars get the same resized variants as every other image (their answers list them).
import { discardImage, saveWithImages } from '../media/image-variants.js';
import type { CheckedImage } from '../media/upload-policy.js';
import type { UpdateCredentialsDto, UpdateProfileDto } from './dto/profile.dto.js';
import { updateAudited } from '../audit/audited-writes.js';

export const PROFILE_MESSAGES = {
  updated: 'Profil mis à jour avec succès !',
  credentials: 'Identifiants mis à jour avec succès !',
  emailTaken: 'Cet email est déjà utilisé.',
  currentRequired: 'Saisissez votre mot de passe actuel pour changer votre email ou votre mot de passe.',
  currentWrong: CURRENT_PASSWORD_WRONG,
};

const orNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value === '' ? null : value;

/** The signed-in user's own profile and credentials. Changing the e-mail or password replaces the session. */
@Injectable()
export class ProfileService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly sessions: SessionService,
    private readonly currentPassword: CurrentPassword,
    private readonly publishing: PublishingService,
  ) {}

  /** Changing one's e-mail or password asks for the current password (auth/current-password.ts). */
  private assertCurrentPassword(user: User, given: string | undefined, client: SessionClient): Promise<void> {
    return this.currentPassword.assert(user, given, client, PROFILE_MESSAGES.currentRequired);
  }

  async updateProfile(
    actor: StaffPrincipal,
    dto: UpdateProfileDto,
    image: CheckedImage | undefined,
    client: SessionClient,
  ): Promise<{ user: CurrentUser; rotated?: OpenedSession }> {
    const user = await this.me(actor);
    const changes: Partial<User> = {};
    if (dto.firstname !== undefined) changes.firstname = dto.firstname;
    if (dto.name !== undefined) changes.name = dto.name;
    for (const field of ['phone', 'profession', 'about'] as const) {
      const value = orNull(dto[field]);
      if (value !== undefined) changes[field] = value;
    }
    const emailChanged = dto.email !== undefined && dto.email !== user.email;
    if (emailChanged) {
      await this.assertEmailFree(dto.email!, user.id);
      await this.assertCurrentPassword(user, dto.current_password, client);
      changes.email = dto.email!;
    }
    await saveWithImages(this.storage, AVATAR_FOLDER, image ? [image] : [], async ([path]) => {
      if (path) changes.image = path;
      const result = await this.saving(() =>
        updateAudited(this.users, user.id, { ...changes, updated_by: user.id, updated_at: new Date() }, dto.version),
      );
      if (!result.affected) await explainUnappliedUpdate(this.users, user.id, 'Utilisateur introuvable.', 'votre profil');
    }).catch(withCurrentRecord(() => this.current(user.id)));
    if (image && user.image) await discardImage(this.storage, user.image);
    // Their published articles show the author's name, photo and function: rebuild those pages.
    if (image || changes.firstname !== undefined || changes.name !== undefined || changes.profession !== undefined) {
      const published = await this.users.manager.getRepository(Article).countBy({ user_id: user.id, status: 'Publié' });
      if (published > 0)
        await this.publishing.notifyChange(
          'article.author',
          `Auteur « ${changes.firstname ?? user.firstname} ${changes.name ?? user.name} » mis à jour`,
        );
    }
    const rotated = emailChanged ? await this.sessions.rotate(user.id, client) : undefined;
    return { user: await this.current(user.id), rotated };
  }

  async updateCredentials(
    actor: StaffPrincipal,
    dto: UpdateCredentialsDto,
    client: SessionClient,
  ): Promise<{ user: CurrentUser; rotated?: OpenedSession }> {
    const user = await this.me(actor);
    const changes: Partial<User> = {};
    const emailChanged = dto.email !== user.email;
    if (emailChanged) await this.assertEmailFree(dto.email, user.id);
    if (emailChanged || dto.password) await this.assertCurrentPassword(user, dto.current_password, client);
    if (emailChanged) changes.email = dto.email;
    if (dto.password) {
      assertPasswordNotPersonal(dto.password, { email: dto.email, firstname: user.firstname, name: user.name });
      assertPasswordNotPersonal(dto.password, { email: user.email });
      changes.password_hash = await hashPassword(dto.password);
      changes.password_changed_at = new Date();
    }
    if (!Object.keys(changes).length) return { user: await this.current(user.id) };
    const result = await this.saving(() =>
      updateAudited(this.users, user.id, { ...changes, updated_by: user.id, updated_at: new Date() }, dto.version),
    );
    if (!result.affected) {
      await explainUnappliedUpdate(this.users, user.id, 'Utilisateur introuvable.', 'votre profil').catch(
        withCurrentRecord(() => this.current(user.id)),
      );
    }
    const rotated = await this.sessions.rotate(user.id, client);
    return { user: await this.current(user.id), rotated };
  }

  private async me(actor: StaffPrincipal): Promise<User> {
    const user = await this.users.findOneBy({ id: actor.userId });
    if (!user) throw unauthenticated();
    return user;
  }

  private async current(id: number): Promise<CurrentUser> {
    const user = await this.users.findOneOrFail({ where: { id }, relations: { role: { permissions: true } } });
    return currentUserView(user, user.role);
  }

  private async assertEmailFree(email: string, exceptId: number): Promise<void> {
    const existing = await this.users.findOneBy({ email });
    if (existing && existing.id !== exceptId) throw invalidField('email', PROFILE_MESSAGES.emailTaken);
  }

  private async saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidField('email', PROFILE_MESSAGES.emailTaken);
      throw error;
    }
  }
}
