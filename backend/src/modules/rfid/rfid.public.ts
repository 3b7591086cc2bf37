/* What other modules may use of the rfid module: its published events, which projections elsewhere follow. */
export type { TagEvent } from './domain/rfid-tag.js';
