import {
  CATALOGUE_NAMES,
  recordKind,
  renderSystemLogSummary,
  systemLogActionLabel,
  type Language,
  type MasterDataKey,
  type SystemLogAction,
  type SystemLogEntry,
  type SystemLogParams,
} from '@rfid/contracts';
import type { DbOrTx } from '../../platform/database/database.js';
import type { EventsTable } from '../../platform/database/schema.js';
import { recordIdOf, type RecordNames } from '../../platform/event-store/record-names.js';
import type { EventMetadata } from '../../platform/event-store/types.js';
import { MASTER_DATA_RECORD_NAMES } from '../master-data/master-data.public.js';
import type { MasterDataItemEvent } from '../master-data/master-data.events.js';
import { ALERTS_RECORD_NAMES } from '../alerts/alerts.public.js';
import type { AlertConfigurationEvent, AlertEvent, AlertReminderEvent } from '../alerts/alerts.events.js';
import { GATES_RECORD_NAMES } from '../gates/gates.public.js';
import type { GatePassEvent, GateTicketEvent } from '../gates/gates.events.js';
import { PRODUCTS_RECORD_NAMES } from '../products/products.public.js';
import type { ProductEvent } from '../products/products.events.js';
import { RFID_RECORD_NAMES } from '../rfid/rfid.public.js';
import type { TagEvent } from '../rfid/rfid.events.js';
import { READERS_RECORD_NAMES } from '../readers/readers.public.js';
import type { ReaderEvent } from '../readers/readers.events.js';
import { SAMPLES_RECORD_NAMES } from '../samples/samples.public.js';
import type { SampleEvent } from '../samples/samples.events.js';
import type { SettingsEvent } from '../settings/settings.events.js';
import { STOCKTAKES_RECORD_NAMES } from '../stocktakes/stocktakes.public.js';
import type { CountingEvent, MissingSeenEvent, StocktakeEvent } from '../stocktakes/stocktakes.events.js';
import { TICKETS_RECORD_NAMES } from '../tickets/tickets.public.js';
import type { TicketEvent } from '../tickets/tickets.events.js';
import { USERS_RECORD_NAMES } from '../users/users.public.js';
import type { GroupEvent, SessionEvent, UserEvent } from '../users/users.events.js';

/** How every module names its records (a username, a sample code ...), by stream type. */
const RECORD_NAMES = new Map<string, RecordNames>(
  [...USERS_RECORD_NAMES, ...SAMPLES_RECORD_NAMES, ...PRODUCTS_RECORD_NAMES, ...MASTER_DATA_RECORD_NAMES, ...RFID_RECORD_NAMES, ...READERS_RECORD_NAMES, ...TICKETS_RECORD_NAMES, ...ALERTS_RECORD_NAMES, ...GATES_RECORD_NAMES, ...STOCKTAKES_RECORD_NAMES].map((n) => [n.streamType, n]),
);

/** Every event the modules record. */
type LoggedEvent = UserEvent | GroupEvent | SessionEvent | SampleEvent | ProductEvent | TagEvent | MasterDataItemEvent | AlertEvent | AlertConfigurationEvent | AlertReminderEvent | GatePassEvent | ReaderEvent | SettingsEvent | TicketEvent | GateTicketEvent | StocktakeEvent | CountingEvent | MissingSeenEvent;

/** A summary's value that is another record, shown by its name (a user's group). */
interface RecordRef {
  streamType: string;
  id: string | null;
}
const ref = (streamType: string, id: string | null): RecordRef => ({ streamType, id });
type ParamValue = string | number | null | RecordRef;

/**
 * The values of each action's summary (contracts' SYSTEM_LOG_ACTIONS holds its words), from the
 * event's data: one entry per event type the modules record, so a new event does not compile until
 * it has its summary, and never a secret (a password hash) among them.
 */
const SUMMARY_VALUES: { [E in LoggedEvent as E['type']]: (data: E['data']) => Record<string, ParamValue> } = {
  UserCreated: (d) => ({ fullName: d.fullName, group: ref('user-group', d.groupId) }),
  UserUpdated: (d) => ({ fullName: d.fullName, position: d.position, group: ref('user-group', d.groupId) }),
  UserLocked: () => ({}),
  UserUnlocked: () => ({}),
  UserPasswordChanged: () => ({}),
  GroupCreated: (d) => ({ permissions: d.permissions.length, description: d.description }),
  GroupUpdated: (d) => ({ name: d.name, description: d.description }),
  GroupPermissionsAssigned: (d) => ({ permissions: d.permissions.length }),
  GroupLocked: () => ({}),
  GroupUnlocked: () => ({}),
  SessionStarted: (d) => ({ ip: d.clientIp }),
  SessionEnded: () => ({}),
  SessionExtended: () => ({}),
  MasterDataItemCreated: (d) => ({ code: d.code, name: d.name }),
  MasterDataItemUpdated: (d) => ({ code: d.code, name: d.name, description: d.description }),
  MasterDataItemDeactivated: () => ({}),
  MasterDataItemActivated: () => ({}),
  SampleRegistered: (d) => ({ name: d.name, model: d.modelName, art: d.artNumber, season: ref('master-data-item', d.seasonId) }),
  SampleUpdated: (d) => ({ name: d.name, model: d.modelName, art: d.artNumber, season: ref('master-data-item', d.seasonId) }),
  SampleDeleted: () => ({}),
  ProductCreated: (d) => ({ name: d.name, unit: d.unit, quantityPerBox: d.quantityPerBox, gtin: d.gtin }),
  ProductUpdated: (d) => ({ name: d.name, unit: d.unit, quantityPerBox: d.quantityPerBox, gtin: d.gtin }),
  ProductDeactivated: () => ({}),
  ProductActivated: () => ({}),
  TagRegistered: (d) => ({ container: [d.container?.name, d.container?.box, d.container?.cart].filter(Boolean).join(' / ') || null }),
  TagLocked: () => ({}),
  TagUnlocked: () => ({}),
  TagCancelled: () => ({}),
  TagLinked: (d) => ({ sample: d.sampleCode }),
  TagUnlinked: (d) => ({ sample: d.sampleCode, reason: d.reason }),
  TagLinkedToProduct: (d) => ({ product: d.productCode, kind: d.box ? 'BOX' : 'UNIT' }),
  TagUnlinkedFromProduct: (d) => ({ product: d.productCode, reason: d.reason }),
  CountingStarted: (d) => ({ reader: ref('reader', d.readerId) }),
  CountingTagsCounted: (d) => ({ tags: d.tags.length }),
  CountingStopped: () => ({}),
  MissingSamplesSeen: (d) => ({ samples: d.sampleIds.length }),
  GatePassDecided: (d) => ({ gate: d.gateCode, item: d.item.code, direction: d.direction, decision: d.decision, permit: d.permit?.code ?? null }),
  GateAlertRaised: (d) => ({ gate: d.gateCode, item: d.item.code, epc: d.epc }),
  ReaderDisconnectedAlertRaised: (d) => ({ reader: d.readerCode }),
  StocktakeAbnormalAlertRaised: (d) => ({ stocktake: d.stocktakeCode, abnormal: d.abnormal }),
  AlertReminded: (d) => ({ users: d.reminders.length }),
  ActiveAlertsReminded: (d) => ({ user: ref('user', d.userId), alerts: d.alertIds.length, places: d.places.join(', ') }),
  AlarmSwitchedOff: (d) => ({ by: d.by }),
  AlertDisabled: (d) => ({ by: d.disabledBy, reason: d.reason }),
  // the e-mail address stays out of the summary: the log shows who is told, not where
  AlertConfigurationCreated: (d) => ({ user: ref('user', d.userId), functionName: d.functionName, methods: d.methods.join(', '), timeMinutes: d.timeMinutes }),
  AlertConfigurationUpdated: (d) => ({ user: ref('user', d.userId), functionName: d.functionName, methods: d.methods.join(', '), timeMinutes: d.timeMinutes }),
  AlertConfigurationDeleted: (d) => ({ user: ref('user', d.userId), functionName: d.functionName }),
  ReaderRegistered: (d) => ({ name: d.name, kind: d.kind, format: d.format, zone: ref('master-data-item', d.zoneId) }),
  ReaderUpdated: (d) => ({ name: d.name, kind: d.kind, mode: d.deviceMode, zone: ref('master-data-item', d.zoneId) }),
  ReaderCredentialsIssued: (d) => ({ rotated: d.rotated ? 'rotated' : 'first' }),
  ReaderUserAssigned: (d) => ({ user: ref('user', d.userId) }),
  ReaderUserUnassigned: (d) => ({ user: ref('user', d.userId) }),
  ReaderModeSet: (d) => ({ mode: d.deviceMode }),
  ReaderAntennasSet: (d) => ({ antennas: d.antennas.map((a) => `${a.port}: ${a.power} dBm`).join(', ') }),
  TagsEnteredZone: (d) => ({ count: d.epcs.length, zone: ref('master-data-item', d.zoneId) }),
  SystemSettingsChanged: (d) => ({ changes: Object.entries(d.changes).map(([k, v]) => `${k} = ${v}`).join(', ') }),
  TicketCreated: (d) => ({ direction: d.direction, source: d.source, lines: d.lines.length }),
  TicketUpdated: (d) => ({ lines: d.lines.length }),
  TicketDeleted: () => ({}),
  TicketMoved: (d) => ({ action: d.action, from: d.from, to: d.to, approval: d.approval, reason: d.reason }),
  TicketClosed: (d) => ({ movements: d.movements.length, samples: d.samples.length }),
  TicketRolledBack: (d) => ({ from: d.from, to: d.to, discarded: d.discarded?.tags ?? null, reason: d.reason }),
  TicketScanningStarted: (d) => ({ step: d.step, readers: d.readerIds.length }),
  TicketScanningStopped: () => ({}),
  TicketTagsScanned: (d) => ({ counted: d.counted.length, apart: d.apart.length }),
  TicketApartDecided: (d) => ({ decision: d.decision, count: d.epcs.length }),
  GateTicketCreated: (d) => ({ items: d.fields.items.length, gates: d.fields.gateIds.length, reason: d.fields.reason }),
  GateTicketUpdated: (d) => ({ items: d.fields.items.length, gates: d.fields.gateIds.length, reason: d.fields.reason }),
  GateTicketApproved: (d) => ({ by: d.by.name }),
  GateTicketCanceled: (d) => ({ by: d.by.name }),
  GateTicketDeleted: (d) => ({ code: d.code }),
  StocktakeCreated: (d) => ({ name: d.name, zones: d.zoneIds.length, readers: d.readerIds.length }),
  StocktakeExpectedTaken: (d) => ({ lines: d.lines.length }),
  StocktakeUpdated: (d) => ({ name: d.name, readers: d.readerIds.length, users: d.userIds.length }),
  StocktakeStarted: () => ({}),
  StocktakeTagsCounted: (d) => ({ tags: d.tags.length, abnormal: d.tags.filter((t) => !t.key).length }),
  StocktakeLineIgnored: (d) => ({ line: d.lineKey, note: d.note }),
  StocktakeReset: () => ({}),
  StocktakeClosed: (d) => ({ abnormal: d.abnormal, moved: d.corrections.moved.length, missing: d.corrections.missing.length, stock: d.corrections.stock.length }),
};

/** Recorded actions that contracts' SYSTEM_LOG_ACTIONS has no label and words for: none, or this file does not compile. */
type UnwordedActions = Exclude<LoggedEvent['type'], SystemLogAction>;
const everyActionWorded: [UnwordedActions] extends [never] ? true : UnwordedActions = true;
void everyActionWorded;

/** The event row a log entry is made of. */
export type LoggedRow = Pick<EventsTable, 'stream_id' | 'stream_type' | 'type' | 'data' | 'recorded_at' | 'metadata'> & { global_position: number };

function valuesOf(row: LoggedRow): Record<string, ParamValue> {
  const values = (SUMMARY_VALUES as Record<string, ((data: unknown) => Record<string, ParamValue>) | undefined>)[row.type];
  return values ? values(row.data) : {};
}

/** The names of the records these rows act on and refer to, by stream type and record id, one query per stream type. */
async function namesOf(db: DbOrTx, wanted: { streamType: string; id: string }[]): Promise<(streamType: string, id: string) => string | undefined> {
  const byType = new Map<string, Set<string>>();
  for (const { streamType, id } of wanted) if (RECORD_NAMES.has(streamType)) byType.set(streamType, (byType.get(streamType) ?? new Set()).add(id));
  const found = new Map<string, Map<string, string>>();
  await Promise.all([...byType].map(async ([streamType, ids]) => found.set(streamType, await RECORD_NAMES.get(streamType)!.lookUp(db, [...ids]))));
  return (streamType, id) => found.get(streamType)?.get(id);
}

/**
 * Log entries as people read them, in `language`: the action's label, the record's kind and name
 * (a master-data item is of its catalogue: "Nhà cung cấp · Nike VN"), and the action's summary with
 * the records it names by their names.
 */
export async function logEntries(db: DbOrTx, rows: readonly LoggedRow[], language: Language): Promise<SystemLogEntry[]> {
  const values = rows.map(valuesOf);
  const refs = values.flatMap((v) => Object.values(v).filter((x): x is RecordRef => typeof x === 'object' && x !== null && x.id !== null));
  const nameOf = await namesOf(db, [
    ...rows.map((r) => ({ streamType: r.stream_type, id: recordIdOf(r.stream_id, r.stream_type) })),
    ...refs.map((r) => ({ streamType: r.streamType, id: r.id! })),
  ]);
  return rows.map((r, i) => {
    const meta = r.metadata as EventMetadata;
    const recordId = recordIdOf(r.stream_id, r.stream_type);
    const catalogue = (r.data as { catalogue?: MasterDataKey } | null)?.catalogue;
    const params: SystemLogParams = Object.fromEntries(
      Object.entries(values[i]!).map(([k, v]) => [k, typeof v === 'object' && v !== null ? (v.id ? (nameOf(v.streamType, v.id) ?? null) : null) : v]),
    );
    return {
      id: Number(r.global_position),
      recordedAt: r.recorded_at.toISOString(),
      actor: { id: meta.actor?.id ?? null, name: meta.actor?.name ?? null, kind: meta.actor?.kind ?? 'system' },
      action: r.type,
      actionLabel: systemLogActionLabel(r.type, language),
      streamId: r.stream_id,
      streamType: r.stream_type,
      record: {
        id: recordId,
        kind: catalogue && Object.hasOwn(CATALOGUE_NAMES, catalogue) ? CATALOGUE_NAMES[catalogue][language].one : recordKind(r.stream_type, language),
        name: nameOf(r.stream_type, recordId) ?? null,
      },
      summary: renderSystemLogSummary(r.type, params, language),
    };
  });
}
