import { chunks, type StocktakeLineResult, type StocktakeStatus } from '@rfid/contracts';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { CountedTag, ExpectedLine, StocktakeChanges, StocktakeCorrections, StocktakeEvent, StocktakeFields } from '../stocktakes.events.js';

export type { CountedTag, ExpectedLine, StocktakeCorrections, StocktakeEvent } from '../stocktakes.events.js';

/** How many lines or tags one event carries at most: a zone may hold 100,000 items. */
export const EVENT_CHUNK = 5_000;

/**
 * What a stocktake's commands decide on. The lines are not folded: a stocktake may count 100,000
 * tags, and the rules that need a line (ignore) get it in the command, read under the stream's lock.
 */
export interface StocktakeState {
  exists: boolean;
  status: StocktakeStatus;
  code: string;
  zoneIds: string[];
  readerIds: string[];
}

const initial: StocktakeState = { exists: false, status: 'CREATE', code: '', zoneIds: [], readerIds: [] };

export const stocktakeModel: StreamModel<StocktakeState, StocktakeEvent> = {
  streamType: 'stocktake',
  streamId: (id) => `stocktake-${id}`,
  initial,
  evolve(state, event) {
    switch (event.type) {
      case 'StocktakeCreated':
        return { ...initial, exists: true, code: event.data.code, zoneIds: event.data.zoneIds, readerIds: event.data.readerIds };
      case 'StocktakeUpdated':
        return { ...state, readerIds: event.data.readerIds };
      case 'StocktakeStarted':
        return { ...state, status: 'INVENTORIZING' };
      case 'StocktakeReset':
        return { ...state, status: 'CREATE' };
      case 'StocktakeClosed':
        return { ...state, status: 'CLOSED' };
      default:
        return state;
    }
  },
};

/**
 * The bulky events of a stocktake (its expected list, the tags it counted) go on streams of their own,
 * one event each (`stocktake-part-{id}`), so that the stocktake's own stream, which every command loads
 * and folds, stays a handful of events however many items it counts (with them, a count of 100,000
 * tags reloaded megabytes for every batch). The projection reads them by type, wherever they are.
 */
export const stocktakePartModel: StreamModel<object, StocktakeEvent> = {
  streamType: 'stocktake-part',
  streamId: (id) => `stocktake-part-${id}`,
  initial: {},
  evolve: (state) => state,
};

/** A chunk of the expected list (at most EVENT_CHUNK lines), taken when the stocktake is created. */
export function expectedTaken(stocktakeId: string, lines: ExpectedLine[]): StocktakeEvent {
  return { type: 'StocktakeExpectedTaken', data: { stocktakeId, lines } };
}

/** The line an ignore names, as the read model holds it now (null: no such line). */
export interface LineNow {
  result: StocktakeLineResult;
  ignored: boolean;
}

export type StocktakeCommand =
  | ({
      kind: 'create';
      stocktakeId: string;
      code: string;
      /** Whether the zones hold anything: the expected list itself follows in chunks (expectedTaken). */
      anythingExpected: boolean;
    } & StocktakeFields)
  | ({ kind: 'update'; stocktakeId: string } & StocktakeChanges)
  | { kind: 'start' | 'reset'; stocktakeId: string }
  /** Tags not counted before on this stocktake, grouped by the reader that read them (null: uploaded). */
  | { kind: 'count'; stocktakeId: string; counted: { readerId: string | null; tags: CountedTag[] }[] }
  | { kind: 'ignore'; stocktakeId: string; lineKey: string; note: string; line: LineNow | null }
  | { kind: 'close'; stocktakeId: string; corrections: StocktakeCorrections; abnormal: number };

function notAllowed(state: StocktakeState, action: string): never {
  throw new AppError('STOCKTAKE_ACTION_NOT_ALLOWED', { status: state.status, action });
}

/**
 * The rules of a stocktake: created when its zones hold something (else NO_DATA), its expected list following; changed only
 * while CREATE; CREATE → INVENTORIZING (start) → CLOSED (close), or back to CREATE (reset, every scan
 * discarded); tags count only while INVENTORIZING; an ABNORMAL or MISSING line may be ignored, until
 * it is closed.
 */
export function decideStocktake(state: StocktakeState, cmd: StocktakeCommand): StocktakeEvent[] {
  const { stocktakeId } = cmd;
  if (cmd.kind === 'create') {
    if (state.exists) throw new AppError('CONCURRENCY_CONFLICT');
    if (!cmd.anythingExpected) throw new AppError('NO_DATA', { zoneIds: cmd.zoneIds });
    const { code, name, note, zoneIds, readerIds, userIds } = cmd;
    return [{ type: 'StocktakeCreated', data: { stocktakeId, code, name, note, zoneIds, readerIds, userIds } }];
  }
  if (!state.exists) throw new AppError('INVENTORY_NOT_FOUND', { stocktakeId });
  switch (cmd.kind) {
    case 'update':
      if (state.status === 'INVENTORIZING') throw new AppError('STOCKTAKE_IN_PROGRESS');
      if (state.status === 'CLOSED') throw new AppError('CANNOT_UPDATE_COMPLETED_INVENTORY');
      return [{ type: 'StocktakeUpdated', data: { stocktakeId, name: cmd.name, note: cmd.note, readerIds: cmd.readerIds, userIds: cmd.userIds } }];
    case 'start':
      if (state.status !== 'CREATE') notAllowed(state, 'start');
      return [{ type: 'StocktakeStarted', data: { stocktakeId } }];
    case 'reset':
      if (state.status !== 'INVENTORIZING') notAllowed(state, 'reset');
      return [{ type: 'StocktakeReset', data: { stocktakeId } }];
    case 'count':
      if (state.status !== 'INVENTORIZING') throw new AppError('STOCKTAKE_NOT_COUNTING', { status: state.status });
      return cmd.counted.flatMap(({ readerId, tags }) =>
        chunks(tags, EVENT_CHUNK).map((part): StocktakeEvent => ({ type: 'StocktakeTagsCounted', data: { stocktakeId, readerId, tags: part } })),
      );
    case 'ignore':
      if (state.status === 'CLOSED') notAllowed(state, 'ignore');
      if (!cmd.line) throw new AppError('NOT_FOUND', { lineKey: cmd.lineKey });
      if (cmd.line.ignored || cmd.line.result === 'FOUND') notAllowed(state, 'ignore');
      return [{ type: 'StocktakeLineIgnored', data: { stocktakeId, lineKey: cmd.lineKey, note: cmd.note } }];
    case 'close':
      if (state.status !== 'INVENTORIZING') notAllowed(state, 'close');
      return [{ type: 'StocktakeClosed', data: { stocktakeId, code: state.code, corrections: cmd.corrections, abnormal: cmd.abnormal } }];
  }
}
