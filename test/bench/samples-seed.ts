// Stores generated samples through the event store for samples.bench.ts, in a process of its own so
// that the benchmark's memory figures are the application's, not the seeding's.
// Input (environment): SEED_DATABASE_URL, SEED_FROM, SEED_TO, SEED_ITEMS (JSON: master-data ids by catalogue).
import { randomUUID } from 'node:crypto';
import type { MasterDataKey } from '@rfid/contracts';
import { MODULES } from '@rfid/backend/modules/modules';
import { decideSample, sampleModel } from '@rfid/backend/modules/samples/domain/sample';
import type { SampleFields } from '@rfid/backend/modules/samples/samples.events';
import { Platform } from '@rfid/backend/platform/platform';
import { testConfig, testLogger } from '@rfid/backend/testing/test-platform';

const from = Number(process.env.SEED_FROM);
const to = Number(process.env.SEED_TO);
const items = JSON.parse(process.env.SEED_ITEMS!) as Record<MasterDataKey, string[]>;
const pick = (list: string[], i: number) => list[i % list.length]!;

/** Sample `i`: its references spread so that filters that go together match some samples. */
function seededFields(i: number): SampleFields {
  return {
    sampleCode: `SEED-${String(i).padStart(7, '0')}`,
    name: `Giày mẫu ${i}`,
    modelName: `Model ${i % 997}`,
    artNumber: `ART-${i}`,
    seasonId: pick(items.seasons, i),
    stageId: pick(items.stages, i * 7 + 1),
    typeId: pick(items.types, i * 3 + 2),
    sizeId: pick(items.sizes, i),
    genderId: pick(items.genders, i),
    side: i % 2 ? 'LEFT' : 'RIGHT',
    color: `Màu ${i % 50}`,
    categoryId: pick(items.categories, i),
    customerId: pick(items.customers, i * 13),
    currentZoneId: pick(items.zones, i * 11 + 5),
  };
}

const platform = await Platform.create(testConfig(process.env.SEED_DATABASE_URL!), testLogger, MODULES, { listen: false });
try {
  for (let start = from; start < to; start += 5000) {
    const streams = [];
    for (let i = start; i < Math.min(to, start + 5000); i++) {
      const sampleId = randomUUID();
      streams.push({
        streamId: sampleModel.streamId(sampleId),
        streamType: sampleModel.streamType,
        events: decideSample(sampleModel.initial, { kind: 'register', sampleId, fields: seededFields(i) }),
      });
    }
    await platform.store.appendToNewStreams(streams, { metadata: { actor: { kind: 'cli', id: null, name: 'bench-seed' }, source: 'cli' } });
  }
} finally {
  await platform.close();
}
