import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import { Platform } from '../../../platform/platform.js';
import { ObservationBus, type Observation } from '../../readers/readers.public.js';
import { missingSamplesOfTags } from '../../samples/samples.public.js';
import type { MissingSeenEvent } from '../stocktakes.events.js';

/** A sighting of missing samples: one stream each, never loaded again. */
const missingSeenModel: StreamModel<object, MissingSeenEvent> = {
  streamType: 'missing-seen',
  streamId: (id) => `missing-seen-${id}`,
  initial: {},
  evolve: (state) => state,
};

/**
 * A sample a stocktake marked missing is missing no more once any reader sees its tag: every batch of
 * observations is asked which of its tags are a missing sample's (one indexed query), and those seen
 * are recorded (MissingSamplesSeen, which the samples projection follows).
 */
@Injectable()
export class MissingSamplesSeen implements OnModuleInit {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly bus: ObservationBus,
  ) {}

  onModuleInit(): void {
    this.bus.register({ name: 'missing-samples-seen', consume: (batch) => this.consume(batch) });
  }

  private async consume(batch: readonly Observation[]): Promise<void> {
    const missing = await missingSamplesOfTags(this.platform.db, batch.map((o) => o.epc));
    if (!missing.size) return;
    const byReader = new Map<string, Set<string>>();
    for (const o of batch) {
      const sampleId = missing.get(o.epc);
      if (sampleId) byReader.set(o.readerId, (byReader.get(o.readerId) ?? new Set()).add(sampleId));
    }
    await this.platform.commands.create(
      missingSeenModel,
      [...byReader].map(([readerId, sampleIds]) => ({ id: randomUUID(), decide: () => [{ type: 'MissingSamplesSeen' as const, data: { sampleIds: [...sampleIds], readerId } }] })),
    );
  }
}
