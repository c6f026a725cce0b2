import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Not, type Repository } from 'typeorm';
import { User } from '../admins/entities/user.entity.js';
import { conflict } from '../core/errors/api-error.js';
import { RolePermission } from './entities/role-permission.entity.js';

export const LOCKOUT_MESSAGES = {
  deleteSelf: 'Vous ne pouvez pas supprimer votre propre compte.',
  deleteLastAdministrator: 'Impossible de supprimer le dernier administrateur : plus personne ne pourrait gérer les accès.',
  demoteLastAdministrator:
    "Impossible de retirer les droits d'administration au dernier administrateur : plus personne ne pourrait gérer les accès.",
  stripLastAdministratorRole:
    "Impossible de retirer les droits d'administration à ce rôle : plus aucun administrateur ne pourrait gérer les accès.",
  deleteLastAdministratorRole: "Impossible de supprimer le dernier rôle disposant des droits d'administration.",
};

/**
 * Keeps the back-office manageable: at least one user must keep the administration rights (view,
 * create and edit on "Administration", see `grantsAdministration`). Refusals are French 409s.
 */
@Injectable()
export class AdministrationGuard {
  constructor(
    @InjectRepository(RolePermission) private readonly permissions: Repository<RolePermission>,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  /** Roles granting the administration rights. */
  async administrationRoleIds(): Promise<number[]> {
    const rows = await this.permissions.find({
      select: { role_id: true },
      where: { category: 'admin', view: true, create: true, edit: true },
    });
    return rows.map((row) => row.role_id);
  }

  async roleGrantsAdministration(roleId: number): Promise<boolean> {
    return (await this.administrationRoleIds()).includes(roleId);
  }

  private async otherAdministrators(options: { exceptUserId?: number; exceptRoleId?: number }): Promise<number> {
    const roleIds = (await this.administrationRoleIds()).filter((id) => id !== options.exceptRoleId);
    if (!roleIds.length) return 0;
    return this.users.countBy({
      role_id: In(roleIds),
      ...(options.exceptUserId !== undefined ? { id: Not(options.exceptUserId) } : {}),
    });
  }

  /** Before a role loses the administration rights. */
  async assertRoleMayLoseAdministration(roleId: number): Promise<void> {
    if (!(await this.roleGrantsAdministration(roleId))) return;
    if ((await this.otherAdministrators({ exceptRoleId: roleId })) === 0)
      throw conflict(LOCKOUT_MESSAGES.stripLastAdministratorRole);
  }

  /** Before a role is deleted (it has no holders by then). */
  async assertRoleMayBeDeleted(roleId: number): Promise<void> {
    const roleIds = await this.administrationRoleIds();
    if (roleIds.includes(roleId) && roleIds.length === 1) throw conflict(LOCKOUT_MESSAGES.deleteLastAdministratorRole);
  }

  /** Before a user moves to a role that does not grant the administration rights. */
  async assertUserMayLoseAdministration(user: Pick<User, 'id' | 'role_id'>, newRoleId: number): Promise<void> {
    const roleIds = await this.administrationRoleIds();
    if (!roleIds.includes(user.role_id) || roleIds.includes(newRoleId)) return;
    if ((await this.otherAdministrators({ exceptUserId: user.id })) === 0)
      throw conflict(LOCKOUT_MESSAGES.demoteLastAdministrator);
  }

  /** Before a user is deleted by `actorId`. */
  async assertUserMayBeDeleted(user: Pick<User, 'id' | 'role_id'>, actorId: number): Promise<void> {
    if (user.id === actorId) throw conflict(LOCKOUT_MESSAGES.deleteSelf);
    if (!(await this.roleGrantsAdministration(user.role_id))) return;
    if ((await this.otherAdministrators({ exceptUserId: user.id })) === 0)
      throw conflict(LOCKOUT_MESSAGES.deleteLastAdministrator);
  }
}
