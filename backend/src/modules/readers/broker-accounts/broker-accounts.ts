import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { ReaderTopics } from '@rfid/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { AdvisoryLease } from '../../../platform/database/advisory-lease.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
/** How long the broker has to answer a batch of commands. */
const ANSWER_MS = 5000;
/** Every reader's role is named so: the back-office's own, and the roles it may delete when their reader is gone. */
const ROLE_PREFIX = 'rfid-reader-';
/** The back-office's role: it sends the readers their commands. */
const BACK_OFFICE_ROLE = 'rfid-backoffice';

const roleOf = (code: string) => `${ROLE_PREFIX}${code}`;
/** A role's rules compared as a set (the broker answers them in its own order, with their priorities). */
const aclKey = (acls: readonly { acltype: string; topic: string; allow: boolean }[]) => acls.map((a) => `${a.acltype} ${a.allow} ${a.topic}`).sort().join('\n');

/** A dynamic-security command (Mosquitto's `$CONTROL/dynamic-security/v1` API). */
type DynsecCommand = { command: string } & Record<string, unknown>;
interface DynsecAnswer {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
  correlationData?: string;
}

/**
 * What a reader may do on the broker: publish on its events, management and responses topics, and
 * subscribe to its commands topic; nothing else (the broker's default refuses any other publish and
 * subscription).
 */
export function readerAcls(topics: ReaderTopics): { acltype: string; topic: string; allow: boolean }[] {
  return [
    ...[topics.events, topics.mgmt, topics.responses].map((topic) => ({ acltype: 'publishClientSend', topic, allow: true })),
    { acltype: 'subscribeLiteral', topic: topics.commands, allow: true },
  ];
}

/**
 * The readers' accounts on an external Mosquitto 2 with the dynamic security plugin
 * (MQTT_DYNAMIC_SECURITY=true): the back-office is the plugin's admin client. Each reader is a client
 * named by its code, with the password issued to it and a role of its own that lets it use only its
 * topics. Kept in step in the command's transaction (a register, a rotation, a topic change: the
 * broker refusing or not answering refuses the command, so the broker and the registry never
 * disagree), and put right at start (one server at a time): every reader's role and topics, the
 * back-office's own right to send commands, and the accounts of readers no longer registered removed.
 * A reader whose account is missing cannot be given back its password (only its hash is kept): it gets
 * a new random one, disabled in effect, and the log says to rotate its password.
 */
@Injectable()
export class BrokerAccounts implements OnApplicationBootstrap, OnModuleDestroy {
  readonly enabled: boolean;
  private client: MqttClient | undefined;
  /** The connection is subscribed to the answers. */
  private listening = false;
  private readonly waiting = new Map<string, (answers: DynsecAnswer[]) => void>();

  constructor(@Inject(Platform) private readonly platform: Platform) {
    this.enabled = !!platform.config.mqttUrl && platform.config.mqttDynamicSecurity;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled) return;
    await AdvisoryLease.whileHeld(this.platform.database.pool, 'broker-accounts', () => this.synchronise());
  }

  async onModuleDestroy(): Promise<void> {
    await this.client?.endAsync();
    this.client = undefined;
  }

  /** A reader registered, or given a new password: its account, with this password and its topics. */
  async provision(code: string, password: string, topics: ReaderTopics): Promise<void> {
    if (!this.enabled) return;
    const existing = await this.clientOf(code);
    await this.run([
      { command: 'deleteRole', rolename: roleOf(code) },
      { command: 'createRole', rolename: roleOf(code), acls: readerAcls(topics) },
      existing ? { command: 'setClientPassword', username: code, password } : { command: 'createClient', username: code, password },
      { command: 'addClientRole', username: code, rolename: roleOf(code) },
    ], { ignore: ['deleteRole'] });
  }

  /** A reader's topics changed: its role says the new ones (its password stays). */
  async retopic(code: string, topics: ReaderTopics): Promise<void> {
    if (!this.enabled) return;
    await this.run([
      { command: 'deleteRole', rolename: roleOf(code) },
      { command: 'createRole', rolename: roleOf(code), acls: readerAcls(topics) },
      { command: 'addClientRole', username: code, rolename: roleOf(code) },
    ], { ignore: ['deleteRole', 'addClientRole'] });
  }

  /**
   * Only what differs is changed: the broker drops the connections of a client whose roles change, and a
   * server's start must not knock every reader off.
   */
  private async synchronise(): Promise<void> {
    const readers = await this.platform.db.selectFrom('readers').select(['code', 'topics']).execute();
    const clients = new Map(
      (((await this.run([{ command: 'listClients', verbose: true }]))[0]?.data?.clients as { username: string; roles?: { rolename: string }[] }[] | undefined) ?? []).map((c) => [c.username, new Set((c.roles ?? []).map((r) => r.rolename))]),
    );
    const roles = new Map(
      (((await this.run([{ command: 'listRoles', verbose: true }]))[0]?.data?.roles as { rolename: string; acls?: { acltype: string; topic: string; allow: boolean }[] }[] | undefined) ?? []).map((r) => [r.rolename, aclKey(r.acls ?? [])]),
    );
    const registered = new Set(readers.map((r) => r.code));
    await this.mayCommandReaders();
    const fixes: DynsecCommand[] = [];
    for (const r of readers) {
      const role = roleOf(r.code);
      const acls = readerAcls(r.topics as ReaderTopics);
      if (roles.get(role) !== aclKey(acls)) {
        if (roles.has(role)) fixes.push({ command: 'deleteRole', rolename: role });
        fixes.push({ command: 'createRole', rolename: role, acls });
      }
      const client = clients.get(r.code);
      if (!client) {
        fixes.push({ command: 'createClient', username: r.code, password: randomBytes(24).toString('base64url') });
        this.platform.logger.warn({ reader: r.code }, 'the reader had no account on the broker: one was made with a password nobody knows; rotate its password to give it one');
      }
      if (!client?.has(role) || roles.get(role) !== aclKey(acls)) fixes.push({ command: 'addClientRole', username: r.code, rolename: role });
    }
    for (const role of roles.keys()) {
      const code = role.startsWith(ROLE_PREFIX) ? role.slice(ROLE_PREFIX.length) : undefined;
      if (!code || registered.has(code)) continue;
      fixes.push({ command: 'deleteRole', rolename: role });
      if (clients.has(code)) fixes.push({ command: 'deleteClient', username: code });
    }
    await this.run(fixes, { ignore: ['createRole', 'deleteRole', 'addClientRole'] });
    this.platform.logger.info({ readers: readers.length, changes: fixes.length }, 'the readers’ accounts on the broker are in step with the registry');
  }

  /**
   * The back-office's own account may publish the readers' commands (the plugin's admin role lets it only
   * administer). Granting it makes the broker drop its connections, this one's answer with them: it is
   * checked again once the connection is back.
   */
  private async mayCommandReaders(): Promise<void> {
    const username = this.platform.config.mqttUsername ?? '';
    const hasRole = async () => {
      const [answer] = await this.run([{ command: 'getClient', username }]);
      return ((answer?.data?.client as { roles?: { rolename: string }[] } | undefined)?.roles ?? []).some((r) => r.rolename === BACK_OFFICE_ROLE);
    };
    if (await hasRole()) return;
    await this.run([{ command: 'createRole', rolename: BACK_OFFICE_ROLE, acls: [{ acltype: 'publishClientSend', topic: '#', allow: true }] }], { ignore: ['createRole'] });
    await this.run([{ command: 'addClientRole', username, rolename: BACK_OFFICE_ROLE }]).catch(() => undefined);
    if (!(await hasRole())) throw new AppError('SERVICE_UNAVAILABLE', { reason: `the broker did not let ${username} send the readers their commands` });
  }

  private async clientOf(username: string): Promise<boolean> {
    const [answer] = await this.run([{ command: 'getClient', username }], { ignore: ['getClient'] });
    return !!answer && !answer.error;
  }

  /** Sends the commands in one message and answers the broker's answers; an error (but of the commands in `ignore`) fails the call. */
  private async run(commands: DynsecCommand[], { ignore = [] }: { ignore?: string[] } = {}): Promise<DynsecAnswer[]> {
    if (!commands.length) return [];
    const client = await this.connected();
    const correlation = randomUUID();
    const answers = new Promise<DynsecAnswer[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(correlation);
        reject(new AppError('SERVICE_UNAVAILABLE', { reason: 'the MQTT broker did not answer the reader account change' }));
      }, ANSWER_MS);
      this.waiting.set(correlation, (a) => {
        clearTimeout(timer);
        resolve(a);
      });
    });
    await client.publishAsync(CONTROL_TOPIC, JSON.stringify({ commands: commands.map((c, i) => ({ ...c, correlationData: `${correlation}:${i}` })) }), { qos: 1 });
    const answered = await answers;
    const failed = answered.find((a) => a.error && !ignore.includes(a.command));
    if (failed) {
      this.platform.logger.error({ command: failed.command, error: failed.error }, 'the broker refused a reader account change');
      throw new AppError('SERVICE_UNAVAILABLE', { reason: `the MQTT broker refused ${failed.command}: ${failed.error}` });
    }
    return answered;
  }

  private async connected(): Promise<MqttClient> {
    if (this.client?.connected && this.listening) return this.client;
    if (!this.client) {
      const c = this.platform.config;
      const client = mqtt.connect(c.mqttUrl!, { username: c.mqttUsername, password: c.mqttPassword, clientId: `${c.mqttClientId}-accounts`, clean: true, reconnectPeriod: 2000, connectTimeout: 5000 });
      client.on('error', (err) => this.platform.logger.warn({ err: err.message }, 'the broker accounts connection failed'));
      // a clean session: the answers' subscription is made again on every connection (the broker drops a client whose roles change)
      client.on('close', () => (this.listening = false));
      client.on('message', (topic, payload) => {
          if (topic !== RESPONSE_TOPIC) return;
        try {
          const { responses } = JSON.parse(payload.toString()) as { responses: DynsecAnswer[] };
          const correlation = responses[0]?.correlationData?.split(':')[0];
          if (correlation) this.waiting.get(correlation)?.(responses);
          if (correlation) this.waiting.delete(correlation);
        } catch (err) {
          this.platform.logger.warn({ err }, 'an answer of the broker’s dynamic security could not be read');
        }
      });
      this.client = client;
    }
    const client = this.client;
    if (!client.connected) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new AppError('SERVICE_UNAVAILABLE', { reason: 'the MQTT broker cannot be reached to change reader accounts' })), ANSWER_MS);
        client.once('connect', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
    this.listening = true;
    return client;
  }
}
