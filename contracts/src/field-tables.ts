import type { EntityFields } from './entity-fields.js';
import { ALERT_CONFIGURATION_FIELDS } from './schemas/alerts.js';
import { GATE_TICKET_FIELDS } from './schemas/gates.js';
import { PRODUCT_FIELDS } from './schemas/products.js';
import { READER_FIELDS } from './schemas/readers.js';
import { SAMPLE_FIELDS } from './schemas/samples.js';
import { STOCKTAKE_FIELDS } from './schemas/stocktakes.js';
import { TICKET_FIELDS } from './schemas/tickets.js';

/** Every entity's field table, by entity: what the checks that hold for all of them (labels in both languages) read. */
export const ENTITY_FIELD_TABLES: Readonly<Record<string, EntityFields>> = {
  samples: SAMPLE_FIELDS,
  products: PRODUCT_FIELDS,
  tickets: TICKET_FIELDS,
  stocktakes: STOCKTAKE_FIELDS,
  readers: READER_FIELDS,
  gateTickets: GATE_TICKET_FIELDS,
  alertConfigurations: ALERT_CONFIGURATION_FIELDS,
};
