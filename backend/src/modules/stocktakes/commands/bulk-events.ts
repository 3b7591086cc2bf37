import { randomUUID } from 'node:crypto';
import type { Tx } from '../../../platform/database/database.js';
import type { Platform } from '../../../platform/platform.js';
import { stocktakePartModel, type StocktakeEvent } from '../domain/stocktake.js';

/** Bulky events (an expected list, counted tags), each on a new stream of its own (see stocktakePartModel), in the caller's transaction. */
export async function appendBulk(platform: Platform, events: readonly StocktakeEvent[], tx: Tx): Promise<void> {
  if (events.length) await platform.commands.create(stocktakePartModel, events.map((e) => ({ id: randomUUID(), decide: () => [e] })), { tx });
}
