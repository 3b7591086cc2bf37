import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import * as migration0006 from './migrations/0006-rfid.js';
import * as migration0016 from './migrations/0016-rfid-vietnamese-text.js';
import { rfidTagsProjection } from './projections/rfid-tags.projection.js';
import type { RfidTables } from './rfid.tables.js';

/** The rfid module's tables (the RFID tags and the links in force), their migrations and their inline projections. */
export const rfidModule: ModuleDefinition = {
  name: 'rfid',
  tables: ['rfid_tags', 'tag_links'] satisfies (keyof RfidTables)[],
  migrations: { '0006-rfid': migration0006, '0016-rfid-vietnamese-text': migration0016 },
  projections: [rfidTagsProjection],
};

// Re-exported so that whoever imports the definition also loads the tables' declaration merging into Database.
export type { RfidTables } from './rfid.tables.js';
