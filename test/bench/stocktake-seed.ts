// Stores the stocktake benchmark's tagged samples through the event store, in a process of its own so
// that the benchmark's memory figures are the server's, not the seeding's.
// Input (environment): SEED_DATABASE_URL, SEED_ITEMS (how many), SEED_FIELDS (JSON: a sample's fields), SEED_ZONE.
import { randomUUID } from 'node:crypto';
import { MODULES } from '@rfid/backend/modules/modules';
import { decideTag, tagModel } from '@rfid/backend/modules/rfid/domain/rfid-tag';
import { decideSample, sampleModel } from '@rfid/backend/modules/samples/domain/sample';
import { Platform } from '@rfid/backend/platform/platform';
import { testConfig, testLogger } from '@rfid/backend/testing/test-platform';
import { stocktakeBenchEpc } from './stocktake-epcs.js';

const items = Number(process.env.SEED_ITEMS);
const fields = JSON.parse(process.env.SEED_FIELDS!) as Record<string, unknown>;
const metadata = { actor: { kind: 'cli' as const, id: null, name: 'bench-seed' }, source: 'cli' as const };
const platform = await Platform.create(testConfig(process.env.SEED_DATABASE_URL!), testLogger, MODULES, { listen: false });
try {
  for (let from = 0; from < items; from += 5000) {
    const samples = [];
    const tags = [];
    for (let i = from; i < Math.min(items, from + 5000); i++) {
      const sampleId = randomUUID();
      const sampleCode = `ST-${String(i).padStart(7, '0')}`;
      samples.push({
        streamId: sampleModel.streamId(sampleId),
        streamType: sampleModel.streamType,
        events: decideSample(sampleModel.initial, { kind: 'register', sampleId, fields: { ...fields, sampleCode, currentZoneId: process.env.SEED_ZONE } as never }),
      });
      const tagCode = stocktakeBenchEpc(i);
      const registered = decideTag(tagModel.initial, { kind: 'register', tagCode, container: null });
      const state = registered.reduce(tagModel.evolve, tagModel.initial);
      tags.push({ streamId: tagModel.streamId(tagCode), streamType: tagModel.streamType, events: [...registered, ...decideTag(state, { kind: 'link', tagCode, sampleId, sampleCode, sampleTagCode: null })] });
    }
    await platform.store.appendToNewStreams(samples, { metadata });
    await platform.store.appendToNewStreams(tags, { metadata });
  }
} finally {
  await platform.close();
}
