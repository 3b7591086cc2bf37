import 'reflect-metadata';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EventBus, EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { Subscription } from '../event-store/subscription.js';
import type { StoredEvent } from '../event-store/types.js';
import { Platform } from '../platform.js';

/** Events that have committed, in `$all` order: what the EventBus carries. */
export class EventsCommitted {
  constructor(readonly events: readonly StoredEvent[]) {}
}

const TYPES = Symbol('committed event types');
/** Every event type some handler follows: the feed reads the data of these only. */
const FOLLOWED = new Set<string>();

/**
 * Marks a class as following these event types once committed (an `@EventsHandler` of
 * `EventsCommitted` that `CommittedEventsHandler` gives only those events). Name the module's event
 * union as `Type` (`OnCommitted<AlertEvent['type']>(...)`), so that a misspelt type does not compile.
 */
export function OnCommitted<Type extends string>(...types: Type[]): ClassDecorator {
  for (const type of types) FOLLOWED.add(type);
  return (target) => {
    Reflect.defineMetadata(TYPES, new Set(types), target);
    EventsHandler(EventsCommitted)(target);
  };
}

/** A handler of committed events of the types its `@OnCommitted` names (a push from its module's own query). */
export abstract class CommittedEventsHandler implements IEventHandler<EventsCommitted> {
  async handle({ events }: EventsCommitted): Promise<void> {
    const types = Reflect.getMetadata(TYPES, this.constructor) as Set<string>;
    const followed = events.filter((e) => types.has(e.type));
    if (followed.length) await this.committed(followed);
  }

  protected abstract committed(events: readonly StoredEvent[]): Promise<void>;
}

/**
 * Publishes what commits on the EventBus: every server follows `$all` from where it was when it started
 * (woken at each commit, as processors are) and publishes the events some handler follows. Nothing is
 * kept: what happens while a server is down is not published again, which is right for what it carries
 * (pushes to the browsers connected to that server; a page read anew shows the same). What must never
 * miss an event (notifications, e-mail, the gate alarm) runs on the durable processors instead.
 */
@Injectable()
export class CommittedEventsFeed implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription: Subscription | undefined;

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly bus: EventBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const types = [...FOLLOWED];
    this.subscription = new Subscription(this.platform.store, this.platform.notifier, this.platform.logger, {
      name: 'committed-events',
      from: await this.platform.store.head(),
      types,
      handler: async (events) => {
        const followed = events.filter((e) => FOLLOWED.has(e.type));
        if (followed.length) this.bus.publish(new EventsCommitted(followed));
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }
}
