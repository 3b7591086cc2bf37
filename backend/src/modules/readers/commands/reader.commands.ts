import { randomBytes, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { defaultReaderTopics, type BrokerInfo, type CreateReaderRequest, type ReaderCredentials, type ReaderTopics, type UpdateReaderRequest } from '@rfid/contracts';
import { hashPassword } from '../../../platform/auth/password-hasher.js';
import type { Tx } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { masterDataItemsByIds } from '../../master-data/master-data.public.js';
import { userSummaries } from '../../users/users.public.js';
import { decideReader, readerModel, type ReaderCommand } from '../domain/reader.js';
import type { ReaderSettings } from '../readers.events.js';
import { overlappingOwnTopic, topicTakenByOther } from '../domain/reader-topics.js';
import { ReaderDirectory } from '../ingest/reader-directory.js';
import { READER_ACCESS_CHANGED } from '../ingest/reader-mqtt-access.js';
import { BrokerAccounts } from '../broker-accounts/broker-accounts.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

/** The reader's configuration from a request: its own topics where it names them, the default ones otherwise. */
function settingsOf(code: string, r: UpdateReaderRequest): ReaderSettings {
  return {
    name: r.name,
    kind: r.kind,
    format: r.format,
    zoneId: r.zoneId ?? null,
    host: r.host ?? null,
    antennas: [...r.antennas].sort((a, b) => a.port - b.port),
    deviceMode: r.deviceMode,
    operatingMode: r.operatingMode,
    switch: r.switch,
    topics: { ...defaultReaderTopics(code), ...r.topics },
  };
}

/** A reader's zone must be an active zone. */
async function checkZone(tx: Tx, zoneId: string | null, previous?: string | null): Promise<void> {
  if (!zoneId || zoneId === previous) return;
  const zone = (await masterDataItemsByIds(tx, [zoneId])).get(zoneId);
  if (!zone || zone.catalogue !== 'zones') throw new AppError('ZONE_NOT_FOUND');
  if (zone.status !== 'ACTIVE') throw new AppError('ZONE_NOT_FOUND_OR_INACTIVE');
}

/** Held by a command that sets a reader's topics, so that two readers never take overlapping topics at once. */
const TOPICS_LOCK = 'reader-topics';

/**
 * A reader's topics are its own: its four each its own, none the same as, above or below another
 * reader's (READER_TOPIC_EXISTS, naming the field and what it overlaps). Read under TOPICS_LOCK.
 */
async function checkTopics(tx: Tx, readerId: string, topics: ReaderTopics): Promise<void> {
  const own = overlappingOwnTopic(topics);
  if (own) throw new AppError('READER_TOPIC_EXISTS', { field: `topics.${own.kind}`, overlaps: `topics.${own.with}` });
  const others = await tx.selectFrom('readers').select(['code', 'topics']).where('id', '!=', readerId).execute();
  const taken = topicTakenByOther(topics, others);
  if (taken) throw new AppError('READER_TOPIC_EXISTS', { field: `topics.${taken.kind}`, reader: taken.reader, topic: taken.topic });
}

/** A new MQTT password: 24 random characters, shown once, kept as a hash. */
const newPassword = () => randomBytes(18).toString('base64url');

/** The answer of a registration or a rotation: what the reader is configured with, once. */
export function readerCredentials(reader: { code: string; topics: ReaderCredentials['topics'] }, password: string, broker: BrokerInfo): ReaderCredentials {
  return { username: reader.code, password, brokers: broker.urls, topics: reader.topics };
}

async function decideOnReader(platform: Platform, cmd: ReaderCommand, opts: { tx?: Tx } = {}): Promise<void> {
  await platform.commands.execute(readerModel, cmd.readerId, (state) => decideReader(state, cmd), opts);
}

async function storeCredentials(tx: Tx, readerId: string, password: string): Promise<void> {
  const row = { reader_id: readerId, password_hash: await hashPassword(password), updated_at: new Date() };
  await tx
    .insertInto('reader_credentials')
    .values(row)
    .onConflict((oc) => oc.column('reader_id').doUpdateSet({ password_hash: row.password_hash, updated_at: row.updated_at }))
    .execute();
}

/*
 * The readers' commands, each a message on the CommandBus and its handler: the platform's one way on the reader's stream.
 */

export class RegisterReader extends commandOf<{ request: CreateReaderRequest }, { id: string; password: string }>() {}

@CommandHandler(RegisterReader)
export class RegisterReaderHandler implements ICommandHandler<RegisterReader> {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly directory: ReaderDirectory,
    private readonly accounts: BrokerAccounts,
  ) {}

  async execute({ request: r }: RegisterReader): Promise<{ id: string; password: string }> {
    const readerId = randomUUID();
    const password = newPassword();
    await this.platform.db.transaction().execute(async (tx) => {
      const settings = settingsOf(r.code, r);
      await checkZone(tx, settings.zoneId);
      await this.platform.commands.execute(
        readerModel,
        readerId,
        async (state) => {
          // a code taken is the reader named again, before its (default) topics are found taken
          if (await tx.selectFrom('readers').select('id').where('code', '=', r.code).executeTakeFirst()) throw new AppError('READER_EXISTS');
          await checkTopics(tx, readerId, settings.topics);
          return decideReader(state, { kind: 'register', readerId, code: r.code, settings });
        },
        { tx, alsoLock: [TOPICS_LOCK] },
      );
      await storeCredentials(tx, readerId, password);
      // on a broker that keeps accounts: the reader's there before this commits, or not registered at all
      await this.accounts.provision(r.code, password, settings.topics);
    });
    await this.directory.reload();
    return { id: readerId, password };
  }
}

export class UpdateReader extends commandOf<{ readerId: string; request: UpdateReaderRequest; expectedVersion?: number }>() {}

@CommandHandler(UpdateReader)
export class UpdateReaderHandler implements ICommandHandler<UpdateReader> {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly directory: ReaderDirectory,
    private readonly accounts: BrokerAccounts,
  ) {}

  async execute({ readerId, request: r, expectedVersion }: UpdateReader): Promise<void> {
    await this.platform.commands.execute(
      readerModel,
      readerId,
      async (state, { tx }) => {
        if (!state.exists || !state.settings) return decideReader(state, { kind: 'update', readerId, settings: settingsOf('', r) });
        const settings = settingsOf(state.code, r);
        await checkZone(tx, settings.zoneId, state.settings.zoneId);
        await checkTopics(tx, readerId, settings.topics);
        // sessions signed in under other topics end, on every server, once this commits
        await this.platform.notifier.announce(tx, READER_ACCESS_CHANGED);
        if (JSON.stringify(settings.topics) !== JSON.stringify(state.settings.topics)) await this.accounts.retopic(state.code, settings.topics);
        return decideReader(state, { kind: 'update', readerId, settings });
      },
      { expectedVersion, alsoLock: [TOPICS_LOCK] },
    );
    await this.directory.reload();
  }
}

/** A new password for the reader; the old one stops working at once, for live sessions too. */
export class RotateReaderCredentials extends commandOf<{ readerId: string }, string>() {}

@CommandHandler(RotateReaderCredentials)
export class RotateReaderCredentialsHandler implements ICommandHandler<RotateReaderCredentials> {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly accounts: BrokerAccounts,
  ) {}

  async execute({ readerId }: RotateReaderCredentials): Promise<string> {
    const password = newPassword();
    await this.platform.db.transaction().execute(async (tx) => {
      await decideOnReader(this.platform, { kind: 'issue-credentials', readerId }, { tx });
      await storeCredentials(tx, readerId, password);
      const reader = await tx.selectFrom('readers').select(['code', 'topics']).where('id', '=', readerId).executeTakeFirstOrThrow();
      await this.accounts.provision(reader.code, password, reader.topics as ReaderTopics);
      // the reader's live sessions end, on every server, once this commits: the old password opens nothing
      await this.platform.notifier.announce(tx, READER_ACCESS_CHANGED);
    });
    return password;
  }
}

export class AssignReaderUser extends commandOf<{ readerId: string; userId: string }>() {}

@CommandHandler(AssignReaderUser)
export class AssignReaderUserHandler extends PlatformHandler implements ICommandHandler<AssignReaderUser> {
  async execute({ readerId, userId }: AssignReaderUser): Promise<void> {
    await this.platform.commands.execute(readerModel, readerId, async (state, { tx }) => {
      if (state.exists && !(await userSummaries(tx, [userId])).has(userId)) throw new AppError('USER_NOT_FOUND');
      return decideReader(state, { kind: 'assign-user', readerId, userId });
    });
  }
}

export class UnassignReaderUser extends commandOf<{ readerId: string; userId: string }>() {}

@CommandHandler(UnassignReaderUser)
export class UnassignReaderUserHandler extends PlatformHandler implements ICommandHandler<UnassignReaderUser> {
  async execute({ readerId, userId }: UnassignReaderUser): Promise<void> {
    await decideOnReader(this.platform, { kind: 'unassign-user', readerId, userId });
  }
}

export const READER_COMMAND_HANDLERS = [RegisterReaderHandler, UpdateReaderHandler, RotateReaderCredentialsHandler, AssignReaderUserHandler, UnassignReaderUserHandler];
