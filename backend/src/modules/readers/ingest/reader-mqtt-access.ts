import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { verifyPassword } from '../../../platform/auth/password-hasher.js';
import { MqttAccess, type MqttPrincipal } from '../../../platform/mqtt/mqtt-access.js';
import { Platform } from '../../../platform/platform.js';
import { ReaderDirectory } from './reader-directory.js';

/** A password checked once is trusted this long: a reader that reconnects again and again costs one hash, not one per connect. */
const VERIFIED_MS = 5 * 60_000;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Who may use the embedded broker: a registered reader, with its code as username and the password
 * issued to it (checked against its hash in `reader_credentials`). A reader publishes only on its own
 * topics (events, mgmt, responses) and subscribes only to its commands topic, as the registry says now.
 */
@Injectable()
export class ReaderMqttAccess extends MqttAccess {
  /** reader id → the sha-256 of the password last verified, and until when it is trusted. */
  private readonly verified = new Map<string, { digest: string; hashAt: string; until: number }>();

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly directory: ReaderDirectory,
  ) {
    super();
  }

  async authenticate(username: string, password: string): Promise<MqttPrincipal | undefined> {
    let reader = this.directory.byReaderCode(username);
    if (!reader) {
      // a reader registered a moment ago, perhaps through another instance
      await this.directory.reload();
      reader = this.directory.byReaderCode(username);
    }
    if (!reader) return undefined;
    const stored = await this.platform.db.selectFrom('reader_credentials').select(['password_hash']).where('reader_id', '=', reader.id).executeTakeFirst();
    if (!stored) return undefined;
    const known = this.verified.get(reader.id);
    const ok =
      (known && known.until > Date.now() && known.digest === digest(password) && known.hashAt === stored.password_hash) ||
      (await verifyPassword(password, stored.password_hash));
    if (!ok) return undefined;
    this.verified.set(reader.id, { digest: digest(password), hashAt: stored.password_hash, until: Date.now() + VERIFIED_MS });
    const readerId = reader.id;
    const current = () => this.directory.byReaderId(readerId);
    return {
      username: reader.code,
      id: readerId,
      mayPublish: (topic) => {
        const r = current();
        return !!r && (topic === r.topics.events || topic === r.topics.mgmt || topic === r.topics.responses);
      },
      maySubscribe: (filter) => current()?.topics.commands === filter,
    };
  }
}
