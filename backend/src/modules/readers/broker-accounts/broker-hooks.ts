import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BrokerAuthenticationRequest, BrokerAuthorizationRequest, BrokerHookAnswer } from '@rfid/contracts';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { answeredBy } from '../../../platform/cqrs/read-query.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { ReaderDirectory } from '../ingest/reader-directory.js';
import { ReaderMqttAccess } from '../ingest/reader-mqtt-access.js';

const ALLOW: BrokerHookAnswer = { result: 'allow', is_superuser: false };
const DENY: BrokerHookAnswer = { result: 'deny', is_superuser: false };
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * What an external broker that asks over HTTP (EMQX's HTTP authentication and authorization) is told:
 * the embedded broker's own rules (`ReaderMqttAccess`: a reader's code and issued password, a client id
 * of its own, throttled; then only its own topics), and everything for the back-office's own client
 * (MQTT_USERNAME / MQTT_PASSWORD). Only a caller holding MQTT_HOOK_SECRET is answered.
 */
@Injectable()
export class BrokerHooks {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly access: ReaderMqttAccess,
    private readonly directory: ReaderDirectory,
  ) {}

  /** The caller is the broker: it sent the configured secret (compared in constant time). */
  private assertBroker(secret: string | undefined): void {
    const expected = this.platform.config.mqttHookSecret;
    if (!expected || !secret || !timingSafeEqual(digest(expected), digest(secret))) throw new AppError('FORBIDDEN');
  }

  private isBackOffice(username: string): boolean {
    return !!this.platform.config.mqttUsername && username === this.platform.config.mqttUsername;
  }

  async authenticate(secret: string | undefined, r: BrokerAuthenticationRequest): Promise<BrokerHookAnswer> {
    this.assertBroker(secret);
    if (this.isBackOffice(r.username)) {
      const own = this.platform.config.mqttPassword;
      return own && timingSafeEqual(digest(own), digest(r.password)) ? { result: 'allow', is_superuser: true } : DENY;
    }
    const answer = await this.access.authenticate({ username: r.username, password: r.password, clientId: r.clientid, address: r.peerhost ?? 'unknown' });
    return 'refused' in answer ? DENY : ALLOW;
  }

  async authorize(secret: string | undefined, r: BrokerAuthorizationRequest): Promise<BrokerHookAnswer> {
    this.assertBroker(secret);
    if (this.isBackOffice(r.username)) return { result: 'allow', is_superuser: true };
    const reader = this.directory.byReaderCode(r.username) ?? (await this.directory.reload(), this.directory.byReaderCode(r.username));
    if (!reader) return DENY;
    const { events, mgmt, responses, commands } = reader.topics;
    const mayPublish = r.topic === events || r.topic === mgmt || r.topic === responses;
    const maySubscribe = r.topic === commands;
    const allowed = r.action === 'publish' ? mayPublish : r.action === 'subscribe' ? maySubscribe : mayPublish || maySubscribe;
    return allowed ? ALLOW : DENY;
  }
}

/** A sign-in the broker asks about: a command, since a wrong password counts towards the reader's throttle. */
export class AuthenticateBrokerClient extends commandOf<{ secret: string | undefined; request: BrokerAuthenticationRequest }, BrokerHookAnswer>() {}

@CommandHandler(AuthenticateBrokerClient)
export class AuthenticateBrokerClientHandler implements ICommandHandler<AuthenticateBrokerClient> {
  constructor(private readonly hooks: BrokerHooks) {}

  execute({ secret, request }: AuthenticateBrokerClient): Promise<BrokerHookAnswer> {
    return this.hooks.authenticate(secret, request);
  }
}

export class AuthorizeBrokerClient extends answeredBy(BrokerHooks, (hooks, secret: string | undefined, request: BrokerAuthorizationRequest) => hooks.authorize(secret, request)) {}
