import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { AlertConfigurationListQuery, AlertConfigurationListResponse, AlertConfigurationView, AlertKind, NotificationMethod } from '@rfid/contracts';
import type { DbOrTx } from '../../../platform/database/database.js';
import { pageOf } from '../../../platform/database/paging.js';
import { inVietnameseOrder, searchPattern } from '../../../platform/database/vietnamese-text.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { userNames } from '../../users/users.public.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';

const SORT = { username: inVietnameseOrder('u.username'), functionName: 'c.function_name', updatedAt: 'c.updated_at' } as const;

/** The configurations, each with its user's username and full name. */
function configurations(db: DbOrTx) {
  return db
    .selectFrom('alert_configurations as c')
    .innerJoin(userNames(db).as('u'), 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.user_id',
      'u.username',
      'u.full_name',
      'c.methods',
      'c.email',
      'c.action_name',
      'c.function_name',
      'c.time_minutes',
      'c.version',
      'c.created_at',
      'c.updated_at',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof configurations>['executeTakeFirstOrThrow']>>;

/** Reads of the alert configurations. */
@Injectable()
export class AlertConfigurationQueries {
  constructor(@Inject(Platform) private readonly platform: Platform) {}

  async list(q: AlertConfigurationListQuery): Promise<AlertConfigurationListResponse> {
    let query = configurations(this.platform.db);
    if (q.q) {
      const pattern = searchPattern(q.q);
      query = query.where((eb) => eb.or([eb('u.search_key', 'like', pattern), eb('c.search_key', 'like', pattern)]));
    }
    if (q.functionName) query = query.where('c.function_name', '=', q.functionName);
    if (q.method) query = query.where(sql<boolean>`${q.method} = any(c.methods)`);
    query = query.orderBy(SORT[q.sort.field], q.sort.dir).orderBy('c.function_name').orderBy('c.id');
    const page = await pageOf(query, q, toView);
    return { ...page, mailEnabled: this.platform.config.smtpUrl !== undefined };
  }

  async get(id: string): Promise<AlertConfigurationView> {
    const row = await configurations(this.platform.db).where('c.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('ALERT_CONFIG_NOT_FOUND', { configurationId: id });
    return toView(row);
  }
}

function toView(r: Row): AlertConfigurationView {
  return {
    id: r.id,
    userId: r.user_id,
    username: r.username,
    fullName: r.full_name,
    methods: r.methods as NotificationMethod[],
    email: r.email,
    actionName: r.action_name,
    functionName: r.function_name as AlertKind,
    timeMinutes: r.time_minutes,
    version: r.version,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/*
 * The alert configuration's queries, each a message on the QueryBus and its handler reading the read model above.
 */

/** A page of the alert configurations. */
export class ListAlertConfigurations extends answeredBy(AlertConfigurationQueries, (configurations, query: AlertConfigurationListQuery) => configurations.list(query)) {}

/** One alert configuration. */
export class GetAlertConfiguration extends answeredBy(AlertConfigurationQueries, (configurations, configurationId: string) => configurations.get(configurationId)) {}

export const ALERT_CONFIGURATION_QUERY_HANDLERS = handlersOf(ListAlertConfigurations, GetAlertConfiguration);
