import { Inject, Injectable } from '@nestjs/common';
import { Platform } from '../platform.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';

/**
 * The base of a command handler that needs only the platform: `this.platform.commands`, its one way to
 * the event store, and the database its decisions read.
 */
// decorated so that its parameter types are kept for the handlers that inherit its constructor
@Injectable()
export abstract class PlatformHandler {
  constructor(@Inject(Platform) protected readonly platform: Platform) {}
}

/** The base of a command handler that also tells the open sessions what it changed (a user's rights, a session's end). */
@Injectable()
export abstract class RealtimeHandler extends PlatformHandler {
  constructor(
    @Inject(Platform) platform: Platform,
    protected readonly realtime: RealtimeGateway,
  ) {
    super(platform);
  }
}
