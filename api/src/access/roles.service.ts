import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { runTransaction } from '../common/transactions.js';
import { User } from '../admins/entities/user.entity.js';
import { gridOf, roleView } from '../admins/user-view.js';
import { SessionService } from '../auth/session.service.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import type { RoleListAnswer, RoleSaveAnswer } from '../contract/staff.js';
import { PERMISSION_CATEGORIES, type PermissionGrid, type StaffPrincipal } from '../core/access/permissions.js';
import { explainUnappliedUpdate, versionedWhere, withCurrentRecord } from '../common/versioning.js';
import { conflict, invalidField, notFound } from '../core/errors/api-error.js';
import { AdministrationGuard } from './administration-guard.service.js';
import type { RoleDto } from './dto/role.dto.js';
import { RolePermission } from './entities/role-permission.entity.js';
import { Role } from './entities/role.entity.js';
import { PERMISSIONS_INVALID, grantsAdministration, parsePermissionGrid, removedRights } from './permission-grid.js';
import { AuditService } from '../audit/audit.service.js';
import { diffOf } from '../audit/audit-diff.js';

export const ROLE_MESSAGES = {
  list: 'Liste des rôles',
  empty: 'Aucun rôle trouvé',
  created: 'Rôle ajouté !',
  updated: 'Rôle mis à jour avec succès !',
  deleted: 'Rôle supprimé avec succès !',
  notFound: 'Rôle introuvable.',
  nameTaken: 'Un rôle porte déjà ce nom.',
  inUse: 'Ce rôle est attribué à des administrateurs : attribuez-leur un autre rôle avant de le supprimer.',
};

interface RoleState {
  name: string;
  description: string | null | undefined;
  grid: PermissionGrid;
  requireTwoFactor?: boolean;
}

/** A role's changes for the history: name, description and each right as `category.right`. */
function roleChanges(before: RoleState | null, after: RoleState | null) {
  const flat = (state: RoleState | null) => {
    if (!state) return null;
    const values: Record<string, unknown> = {
      name: state.name,
      description: state.description ?? null,
      require_two_factor: Boolean(state.requireTwoFactor),
    };
    for (const category of PERMISSION_CATEGORIES) {
      for (const [right, granted] of Object.entries(state.grid[category])) values[`${category}.${right}`] = granted;
    }
    return values;
  };
  return diffOf(flat(before), flat(after));
}

/** Up to this many holders are listed per role (the screen's "Attribution" avatars). */
export const ROLE_HOLDERS_SHOWN = 5;

@Injectable()
export class RolesService {
  constructor(
    @InjectRepository(Role) private readonly roles: Repository<Role>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly administration: AdministrationGuard,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<RoleListAnswer> {
    const roles = await this.roles.find({ relations: { permissions: true }, order: { id: 'ASC' } });
    const counts = new Map<number, number>();
    const raw = await this.users
      .createQueryBuilder('user')
      .select('user.role_id', 'role_id')
      .addSelect('COUNT(user.id)', 'total')
      .groupBy('user.role_id')
      .getRawMany<{ role_id: number | string; total: number | string }>();
    for (const row of raw) counts.set(Number(row.role_id), Number(row.total));
    const views = [];
    for (const role of roles) {
      const holders = counts.get(role.id)
        ? await this.users.find({
            select: { id: true, firstname: true, name: true, image: true, role_id: true },
            where: { role_id: role.id },
            order: { id: 'ASC' },
            take: ROLE_HOLDERS_SHOWN,
          })
        : [];
      views.push(roleView(role, holders, counts.get(role.id) ?? 0));
    }
    return { success: true, message: views.length ? ROLE_MESSAGES.list : ROLE_MESSAGES.empty, roles: views };
  }

  async create(dto: RoleDto): Promise<RoleSaveAnswer> {
    const grid = this.gridFrom(dto);
    await this.assertNameFree(dto.name);
    const id = await this.saving(() =>
      runTransaction(this.dataSource, async (manager) => {
        const role = await manager.save(
          manager.create(Role, {
            name: dto.name,
            description: dto.description,
            require_two_factor: dto.require_two_factor ?? false,
          }),
        );
        await this.writeGrid(manager, role.id, grid, []);
        await this.audit.record(manager, {
          entity: 'role',
          entity_id: role.id,
          label: dto.name,
          action: 'create',
          changes: roleChanges(null, {
            name: dto.name,
            description: dto.description,
            grid,
            requireTwoFactor: dto.require_two_factor ?? false,
          }),
        });
        return role.id;
      }),
    );
    return { success: true, message: ROLE_MESSAGES.created, role: await this.view(id) };
  }

  async update(id: number, dto: RoleDto, actor: StaffPrincipal): Promise<RoleSaveAnswer> {
    const role = await this.roles.findOne({ where: { id }, relations: { permissions: true } });
    if (!role) throw notFound(ROLE_MESSAGES.notFound);
    const before = gridOf(role.permissions);
    const grid = this.gridFrom(dto, before);
    if (grantsAdministration(before) && !grantsAdministration(grid))
      await this.administration.assertRoleMayLoseAdministration(id);
    await this.assertNameFree(dto.name, id);
    await this.saving(() =>
      runTransaction(this.dataSource, async (manager) => {
        const result = await manager.update(Role, versionedWhere(id, dto.version), {
          name: dto.name,
          description: dto.description,
          ...(dto.require_two_factor !== undefined ? { require_two_factor: dto.require_two_factor } : {}),
          updated_by: actor.userId,
          updated_at: new Date(),
        });
        if (!result.affected) await explainUnappliedUpdate(manager.getRepository(Role), id, ROLE_MESSAGES.notFound, 'ce rôle');
        await this.writeGrid(manager, id, grid, role.permissions ?? []);
        // One entry per save: "permissions" when rights changed (with the name if it changed too).
        const changes = roleChanges(
          { name: role.name, description: role.description, grid: before, requireTwoFactor: role.require_two_factor },
          {
            name: dto.name,
            description: dto.description,
            grid,
            requireTwoFactor: dto.require_two_factor ?? role.require_two_factor,
          },
        );
        if (changes) {
          const action = Object.keys(changes).some((key) => key.includes('.')) ? 'permissions' : 'update';
          await this.audit.record(manager, { entity: 'role', entity_id: id, label: dto.name, action, changes });
        }
      }),
    ).catch(withCurrentRecord(() => this.view(id)));
    // Rights are read afresh on every request; ending the sessions makes the loss immediate and visible
    // everywhere (the holders sign in again and their screens show what they may still do).
    if (removedRights(before, grid).length) await this.sessions.revokeRole(id, actor.sessionId);
    return { success: true, message: ROLE_MESSAGES.updated, role: await this.view(id) };
  }

  async delete(id: number): Promise<{ success: true; message: string }> {
    const role = await this.roles.findOneBy({ id });
    if (!role) throw notFound(ROLE_MESSAGES.notFound);
    if ((await this.users.countBy({ role_id: id })) > 0) throw conflict(ROLE_MESSAGES.inUse);
    await this.administration.assertRoleMayBeDeleted(id);
    await runTransaction(this.dataSource, async (manager) => {
      const grid = gridOf(await manager.findBy(RolePermission, { role_id: id }));
      await manager.delete(RolePermission, { role_id: id });
      await manager.delete(Role, { id });
      await this.audit.record(manager, {
        entity: 'role',
        entity_id: id,
        label: role.name,
        action: 'delete',
        changes: roleChanges(
          { name: role.name, description: role.description, grid, requireTwoFactor: role.require_two_factor },
          null,
        ),
      });
    });
    return { success: true, message: ROLE_MESSAGES.deleted };
  }

  private gridFrom(dto: RoleDto, current?: PermissionGrid): PermissionGrid {
    const grid = parsePermissionGrid(dto.permissions, current);
    if (!grid) throw invalidField('permissions', PERMISSIONS_INVALID);
    return grid;
  }

  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    const qb = this.roles.createQueryBuilder('role').where('LOWER(role.name) = LOWER(:name)', { name });
    if (exceptId !== undefined) qb.andWhere('role.id <> :exceptId', { exceptId });
    if (await qb.getExists()) throw invalidField('name', ROLE_MESSAGES.nameTaken);
  }

  private async saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidField('name', ROLE_MESSAGES.nameTaken);
      throw error;
    }
  }

  private async writeGrid(
    manager: EntityManager,
    roleId: number,
    grid: PermissionGrid,
    existing: RolePermission[],
  ): Promise<void> {
    for (const category of PERMISSION_CATEGORIES) {
      const rights = grid[category];
      const row = existing.find((r) => r.category === category);
      if (row) await manager.update(RolePermission, { id: row.id }, { ...rights });
      else await manager.insert(RolePermission, { role_id: roleId, category, ...rights });
    }
  }

  private async view(id: number) {
    const role = await this.roles.findOneOrFail({ where: { id }, relations: { permissions: true } });
    const count = await this.users.countBy({ role_id: id });
    const holders = await this.users.find({
      select: { id: true, firstname: true, name: true, image: true, role_id: true },
      where: { role_id: id },
      order: { id: 'ASC' },
      take: ROLE_HOLDERS_SHOWN,
    });
    return roleView(role, holders, count);
  }
}
