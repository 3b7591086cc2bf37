import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LIMITS } from '@rfid/contracts';
import { verifyPassword } from '../../../platform/auth/password-hasher.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { MqttAccess, type MqttPrincipal } from '../../../platform/mqtt/mqtt-access.js';
import { Platform } from '../../../platform/platform.js';
import { LoginThrottle } from '../../users/users.public.js';
import { ReaderDirectory } from './reader-directory.js';
import type { KnownReader } from '../reader-views/reader-view.js';

/** A password checked once is trusted this long: a reader that reconnects again and again costs one hash, not one per connect. */
const VERIFIED_MS = 5 * 60_000;

/** The longest username a sign-in is looked at with: a reader's code at most. */
const USERNAME_MAX = LIMITS.TEXT_MAX;

/** Announced (to every server) when a reader's password or topics change: its live sessions end. */
export const READER_ACCESS_CHANGED = 'reader-access';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a session was signed in with: when either is no longer so, the session ends. */
interface SignedIn {
  readerId: string;
  passwordHash: string;
  topics: string;
}

/**
 * The reader a client id belongs to: the one whose code it is, or begins with before a '-' or '_'
 * suffix (`GATE-01`, `GATE-01-a`), the longest such code winning, so that reader `A` cannot take the
 * client id of reader `A-1` (a broker lets one client id have one session: the other would be knocked off).
 */
export function clientIdOwner(clientId: string, readers: readonly Pick<KnownReader, 'id' | 'code'>[]): string | undefined {
  const id = clientId.toUpperCase();
  let owner: Pick<KnownReader, 'id' | 'code'> | undefined;
  for (const r of readers) {
    const fits = id === r.code || id.startsWith(`${r.code}-`) || id.startsWith(`${r.code}_`);
    if (fits && (!owner || r.code.length > owner.code.length)) owner = r;
  }
  return owner?.id;
}

/**
 * Who may use the embedded broker: a registered reader, with its code as username and the password
 * issued to it (checked against its hash in `reader_credentials`), from a client id of its own, and
 * throttled as the web sign-in is (per username and address, per address) before any hashing. A reader
 * publishes only on its own topics (events, mgmt, responses) and subscribes only to its commands topic,
 * as the registry says now. A session lives only as long as what it signed in with: a new password or
 * new topics end the reader's live sessions, on every server (READER_ACCESS_CHANGED).
 */
@Injectable()
export class ReaderMqttAccess extends MqttAccess implements OnModuleInit {
  /** reader id → the sha-256 of the password last verified, and until when it is trusted. */
  private readonly verified = new Map<string, { digest: string; hashAt: string; until: number }>();
  private readonly signedIn = new WeakMap<MqttPrincipal, SignedIn>();
  /** The web sign-in's rules and settings (LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ADDRESS, LOGIN_LOCK_TIME), counted apart. */
  private readonly throttle: LoginThrottle;

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly directory: ReaderDirectory,
  ) {
    super();
    const c = platform.config;
    this.throttle = new LoginThrottle(platform.db, { perUsername: c.loginMaxFailures, perAddress: c.loginMaxFailuresPerAddress }, c.loginLockSeconds, platform.clock, 'mqtt:');
  }

  onModuleInit(): void {
    this.platform.notifier.onAnnounced(READER_ACCESS_CHANGED, () => {
      this.endStaleSessions().catch((err: unknown) => this.platform.logger.error({ err }, 'stale reader sessions could not be ended'));
    });
  }

  async authenticate({ username, password, clientId, address }: { username: string; password: string; clientId: string; address: string }): Promise<MqttPrincipal | { refused: string }> {
    // a reader's code is at most USERNAME_MAX characters: anything longer is no reader's, and is not kept whole in the log either
    if (username.length > USERNAME_MAX) return { refused: `a username of ${username.length} characters (a reader's code has at most ${USERNAME_MAX})` };
    // throttled before any hashing: a flood of wrong passwords costs a query each, not a scrypt each
    if (await this.throttled(username, address)) return { refused: 'too many failed sign-ins from this address: try again later' };
    const refused = async (reason: string) => {
      await this.throttle.recordFailure(username, address);
      return { refused: reason };
    };
    let reader = this.directory.byReaderCode(username);
    if (!reader) {
      // a reader registered a moment ago, perhaps through another instance
      await this.directory.reload();
      reader = this.directory.byReaderCode(username);
    }
    if (!reader) return refused('unknown username or wrong password');
    if (clientIdOwner(clientId, this.directory.all()) !== reader.id) {
      return refused(`client id "${clientId.slice(0, 100)}" is not the reader's own: use its code, or its code and a suffix (${reader.code}-1)`);
    }
    const stored = await this.platform.db.selectFrom('reader_credentials').select(['password_hash']).where('reader_id', '=', reader.id).executeTakeFirst();
    if (!stored) return refused('unknown username or wrong password');
    const known = this.verified.get(reader.id);
    const ok =
      (known && known.until > Date.now() && known.digest === digest(password) && known.hashAt === stored.password_hash) ||
      (await verifyPassword(password, stored.password_hash));
    if (!ok) return refused('unknown username or wrong password');
    this.verified.set(reader.id, { digest: digest(password), hashAt: stored.password_hash, until: Date.now() + VERIFIED_MS });
    await this.throttle.clear(username, address);
    const readerId = reader.id;
    const current = () => this.directory.byReaderId(readerId);
    const principal: MqttPrincipal = {
      username: reader.code,
      id: readerId,
      mayPublish: (topic) => {
        const r = current();
        return !!r && (topic === r.topics.events || topic === r.topics.mgmt || topic === r.topics.responses);
      },
      maySubscribe: (filter) => current()?.topics.commands === filter,
    };
    this.signedIn.set(principal, { readerId, passwordHash: stored.password_hash, topics: JSON.stringify(reader.topics) });
    return principal;
  }

  private async throttled(username: string, address: string): Promise<boolean> {
    try {
      await this.throttle.assertAllowed(username, address);
      return false;
    } catch (err) {
      if (err instanceof AppError && err.code === 'TOO_MANY_ATTEMPTS') return true;
      throw err;
    }
  }

  /** Ends the sessions of readers whose password or topics are no longer what they signed in with, or that are gone. */
  async endStaleSessions(): Promise<number> {
    await this.directory.reload();
    const hashes = new Map((await this.platform.db.selectFrom('reader_credentials').select(['reader_id', 'password_hash']).execute()).map((r) => [r.reader_id, r.password_hash]));
    return this.platform.mqtt.endSessions((principal) => {
      const was = this.signedIn.get(principal);
      if (!was) return false;
      const reader = this.directory.byReaderId(was.readerId);
      return !reader || hashes.get(was.readerId) !== was.passwordHash || JSON.stringify(reader.topics) !== was.topics;
    });
  }
}
