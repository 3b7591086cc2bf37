import { CommandHandler, type CommandBus, type ICommandHandler } from '@nestjs/cqrs';
import type { TagLastSeen } from '@rfid/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { masterDataNames } from '../../master-data/master-data.public.js';
import { Platform } from '../../../platform/platform.js';
import { decideReader, readerModel } from '../domain/reader.js';
import type { Observation } from './observation.js';
import type { ObservationConsumer } from './observations.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

/**
 * Where each tag was last seen (reader, antenna, zone, time): kept for the tag's detail and the
 * sample's page, as telemetry. A tag seen in a zone other than the one it was last seen in (or seen
 * for the first time) is a business fact, recorded as one `TagsEnteredZone` event per reader and
 * zone per batch on the reader's stream.
 */
export function tagSightingsConsumer(platform: Platform, commandBus: CommandBus): ObservationConsumer {
  return {
    name: 'tag-sightings',
    async consume(batch: readonly Observation[]): Promise<void> {
      // one row per EPC (its latest sighting): an upsert may not touch a row twice
      const latest = new Map<string, Observation>();
      for (const o of batch) {
        const seen = latest.get(o.epc);
        if (!seen || seen.at <= o.at) latest.set(o.epc, o);
      }
      const rows = [...latest.values()];
      const { rows: moved } = await sql<{ epc: string; reader_id: string; zone_id: string }>`
        with incoming (epc, reader_id, antenna, zone_id, seen_at) as (
          select * from unnest(${rows.map((r) => r.epc)}::text[], ${rows.map((r) => r.readerId)}::uuid[], ${rows.map((r) => r.antenna)}::int[],
                               ${rows.map((r) => r.zoneId)}::uuid[], ${rows.map((r) => r.at.toISOString())}::timestamptz[])
        ),
        before as (select t.epc, t.zone_id from tag_sightings t join incoming i using (epc)),
        upserted as (
          insert into tag_sightings as t (epc, reader_id, antenna, zone_id, seen_at) select * from incoming
          on conflict (epc) do update set reader_id = excluded.reader_id, antenna = excluded.antenna, zone_id = excluded.zone_id, seen_at = excluded.seen_at
          where excluded.seen_at >= t.seen_at
          returning t.epc
        )
        select i.epc, i.reader_id, i.zone_id from incoming i join upserted u using (epc) left join before b using (epc)
        where i.zone_id is not null and i.zone_id is distinct from b.zone_id`.execute(platform.db);
      const byReaderZone = new Map<string, { readerId: string; zoneId: string; epcs: string[] }>();
      for (const m of moved) {
        const key = `${m.reader_id}|${m.zone_id}`;
        const group = byReaderZone.get(key) ?? { readerId: m.reader_id, zoneId: m.zone_id, epcs: [] };
        group.epcs.push(m.epc);
        byReaderZone.set(key, group);
      }
      for (const g of byReaderZone.values()) await commandBus.execute(new RecordTagsEnteredZone({ readerId: g.readerId, zoneId: g.zoneId, epcs: g.epcs.sort() }));
    },
  };
}

/** Where a tag was last seen by a reader, as another module shows it (the tag's detail, the sample's page). */
export async function lastSeenOf(db: DbOrTx, epcs: readonly string[]): Promise<Map<string, TagLastSeen>> {
  if (!epcs.length) return new Map();
  const rows = await db
    .selectFrom('tag_sightings as t')
    .innerJoin('readers as r', 'r.id', 't.reader_id')
    .leftJoin(masterDataNames(db).as('z'), 'z.id', 't.zone_id')
    .select(['t.epc', 't.reader_id', 'r.code', 'r.name', 't.antenna', 't.zone_id', 'z.name as zone_name', 't.seen_at'])
    .where('t.epc', 'in', [...new Set(epcs)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.epc,
      { readerId: r.reader_id, readerCode: r.code, readerName: r.name, antenna: r.antenna, zoneId: r.zone_id, zoneName: r.zone_name, at: r.seen_at.toISOString() },
    ]),
  );
}

/** Tags a reader saw enter a zone (seen there first, or last seen elsewhere): a business fact on the reader's stream. */
export class RecordTagsEnteredZone extends commandOf<{ readerId: string; zoneId: string; epcs: string[] }>() {}

@CommandHandler(RecordTagsEnteredZone)
export class RecordTagsEnteredZoneHandler extends PlatformHandler implements ICommandHandler<RecordTagsEnteredZone> {
  async execute({ readerId, zoneId, epcs }: RecordTagsEnteredZone): Promise<void> {
    await this.platform.commands.execute(readerModel, readerId, (state) => decideReader(state, { kind: 'tags-entered-zone', readerId, zoneId, epcs }));
  }
}
