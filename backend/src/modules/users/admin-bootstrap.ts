import { randomBytes } from 'node:crypto';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ADMIN_GROUP_DESCRIPTION, ALL_PERMISSIONS } from '@rfid/contracts';
import { AdvisoryLease } from '../../platform/database/advisory-lease.js';
import { runWithContext } from '../../platform/context/action-context.js';
import { Platform } from '../../platform/platform.js';
import { CommandBus } from '@nestjs/cqrs';
import { AssignGroupPermissions, CreateGroup } from './commands/group.commands.js';
import { CreateUser } from './commands/user.commands.js';
import { SYSTEM_AUTHORITY } from './domain/authority.js';
import { ADMIN_GROUP_ID, ADMIN_GROUP_NAME } from './domain/group.js';

export { ADMIN_GROUP_ID, ADMIN_GROUP_NAME };


/**
 * On a first start with no users: an `Administrators` group with every permission and a user `admin`
 * (password from ADMIN_PASSWORD, or generated and printed once). On every start: that group receives
 * any permission added to the catalogue since. Serialised by an advisory lock across instances.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  constructor(
    private readonly platform: Platform,
    private readonly commands: CommandBus,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return runWithContext(
      { correlationId: 'bootstrap', source: 'system', clientIp: null, actor: { kind: 'system', id: null, name: 'system' } },
      () => this.ensureAdmin(),
    );
  }

  /** Every permission for Administrators, and the first user: one server at a time (two starting at once make one admin). */
  ensureAdmin(): Promise<void> {
    return AdvisoryLease.whileHeld(this.platform.database.pool, 'bootstrap:admin', async () => {
      const db = this.platform.db;
      const group = await db.selectFrom('user_groups').select('permissions').where('id', '=', ADMIN_GROUP_ID).executeTakeFirst();
      if (!group) {
        await this.commands.execute(new CreateGroup({ request: { name: ADMIN_GROUP_NAME, description: ADMIN_GROUP_DESCRIPTION, permissions: [...ALL_PERMISSIONS].sort() }, authority: SYSTEM_AUTHORITY, fixedId: ADMIN_GROUP_ID }));
      } else if (ALL_PERMISSIONS.some((p) => !group.permissions.includes(p))) {
        await this.commands.execute(new AssignGroupPermissions({ groupId: ADMIN_GROUP_ID, request: { permissions: [...ALL_PERMISSIONS].sort() }, authority: SYSTEM_AUTHORITY }));
      }
      const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
      if (anyUser) return;
      const configured = this.platform.config.adminPassword;
      const password = configured ?? randomBytes(12).toString('base64url');
      await this.commands.execute(new CreateUser({ request: { username: 'admin', password, fullName: 'Administrator', groupId: ADMIN_GROUP_ID }, authority: SYSTEM_AUTHORITY }));
      if (configured) {
        this.platform.logger.info('created user admin with the password from ADMIN_PASSWORD');
      } else {
        // Shown once, on the console, not in the structured log.
        process.stdout.write(`\n  First start: created user "admin" with password: ${password}\n  Change it after signing in.\n\n`);
      }
    });
  }
}
