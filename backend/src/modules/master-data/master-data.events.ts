/*
 * The master-data module's events and the shapes they carry: what it records, and what other modules may
 * follow (their projections, processors and pushes). This file imports no code: importing it never
 * ties one module to another.
 */
import type { ActiveStatus, MasterDataKey } from '@rfid/contracts';

/** Every event names its catalogue, so a read model or a report never needs the stream's history. */
export type MasterDataItemEvent =
  | {
      type: 'MasterDataItemCreated';
      data: { itemId: string; catalogue: MasterDataKey; code: string; name: string; description: string | null; status: ActiveStatus };
    }
  | { type: 'MasterDataItemUpdated'; data: { itemId: string; catalogue: MasterDataKey; code: string; name: string; description: string | null } }
  | { type: 'MasterDataItemDeactivated'; data: { itemId: string; catalogue: MasterDataKey } }
  | { type: 'MasterDataItemActivated'; data: { itemId: string; catalogue: MasterDataKey } };
