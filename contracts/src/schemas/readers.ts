import { z } from 'zod';
import { defineListColumns, sortColumnKeys } from '../list-columns.js';
import { LIMITS } from '../limits.js';
import { catalogueReference, defineEntityFields, requestShape, viewShape } from '../entity-fields.js';
import { booleanQuery, codedRule, isoDateTime, listResponse, pagingQuery, savedRecord, searchText, sortQuery, storableText } from './common.js';

/*
 * RFID readers: the gate configuration screen's records (security gate, reader, user-reader
 * link), what they report over MQTT, the commands the back-office sends them, and the integration log.
 */

/** A fixed gate reader at a door, a handheld carried by a person, or a fixed reader elsewhere (a shelf, a table). */
export const READER_KINDS = ['GATE', 'HANDHELD', 'FIXED'] as const;
export const readerKind = z.enum(READER_KINDS);
export type ReaderKind = z.infer<typeof readerKind>;

/**
 * What the reader speaks on MQTT: Zebra IoT Connector, Impinj IoT Device Interface, or our own simple
 * JSON. Messages are recognised one by one whatever this says; it decides the envelope of the commands
 * sent to the reader.
 */
export const READER_FORMATS = ['ZEBRA', 'IMPINJ', 'SIMPLE'] as const;
export const readerFormat = z.enum(READER_FORMATS);
export type ReaderFormat = z.infer<typeof readerFormat>;

/** The device mode: counting (stocktake) or reading tags one by one. */
export const DEVICE_MODES = ['COUNTING', 'READ_TAG'] as const;
export const deviceMode = z.enum(DEVICE_MODES);
export type DeviceMode = z.infer<typeof deviceMode>;

/** The operating mode (Manual, Automatic): scanning started by a person, or running on its own. */
export const OPERATING_MODES = ['MANUAL', 'AUTOMATIC'] as const;
export const operatingMode = z.enum(OPERATING_MODES);
export type OperatingMode = z.infer<typeof operatingMode>;

/** The switch (On, Off): whether the reader is in service. */
export const SWITCH_STATES = ['ON', 'OFF'] as const;
export const switchState = z.enum(SWITCH_STATES);
export type SwitchState = z.infer<typeof switchState>;

/**
 * A reader's connection: connected or disconnected, as the broker and the heartbeats tell it; UNKNOWN while
 * the back-office's own link to an external broker is down, until the reader is heard again (or its
 * heartbeat timeout passes: disconnected).
 */
export const CONNECTION_STATES = ['CONNECTED', 'DISCONNECTED', 'UNKNOWN'] as const;
export const connectionState = z.enum(CONNECTION_STATES);
export type ConnectionState = z.infer<typeof connectionState>;

/**
 * A reader's code: its MQTT username and the segment of its topics, so letters, digits, '-' and '_'
 * only (no '/', '+', '#' or space), 2 to 50 of them; stored upper-case.
 */
export const readerCode = storableText()
  .trim()
  .min(2)
  .max(LIMITS.TEXT_MAX)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'letters, digits, - and _ only' })
  .transform((s) => s.toUpperCase());

/** Which side of a gate an antenna faces. */
export const ANTENNA_ROLES = ['INNER', 'OUTER'] as const;
export const antennaRole = z.enum(ANTENNA_ROLES);
export type AntennaRole = z.infer<typeof antennaRole>;

/**
 * An antenna port and its transmit power in dBm: 0 turns it off; below 0 or above ANTENNA_POWER_MAX is
 * ANTENNA_POWER_OUT_OF_RANGE (a refinement: a coded rule is a custom issue, which carries its code).
 */
export const antennaSetting = z.object({
  port: z.coerce.number().int().min(1).max(32),
  power: z.coerce.number().refine((p) => p >= 0 && p <= LIMITS.ANTENNA_POWER_MAX, codedRule('ANTENNA_POWER_OUT_OF_RANGE')),
  /** On a gate: the antenna facing inside or outside. An item seen inside first and then outside went out. */
  role: antennaRole.nullish(),
});
export type AntennaSetting = z.infer<typeof antennaSetting>;

const antennaList = z
  .array(antennaSetting)
  .min(1)
  .max(32)
  .refine((list) => new Set(list.map((a) => a.port)).size === list.length, { message: 'each antenna port once' });

/** An MQTT topic name: no wildcards, no empty levels at either end, none of the broker's own (`$SYS/...`). */
const topicName = storableText()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[^+#\s]+$/, { message: 'no wildcards (+, #) or spaces' })
  .refine((t) => !t.startsWith('/') && !t.endsWith('/'), { message: 'no leading or trailing /' })
  .refine((t) => !t.startsWith('$'), { message: 'no leading $ (the broker’s own topics)' });

/** The topics a reader uses: tag reads, management (heartbeats, status, GPI, antennas), commands to it, its responses. */
export const readerTopics = z.object({ events: topicName, mgmt: topicName, commands: topicName, responses: topicName });
export type ReaderTopics = z.infer<typeof readerTopics>;
export const READER_TOPIC_KINDS = ['events', 'mgmt', 'commands', 'responses'] as const;
export type ReaderTopicKind = (typeof READER_TOPIC_KINDS)[number];

/**
 * The topics of a reader unless its installer chose others (Zebra IoT Connector and the Impinj IoT
 * Device Interface both let them be set on the device): `rfid/readers/{code}/{kind}`.
 */
export function defaultReaderTopics(code: string): ReaderTopics {
  const root = `rfid/readers/${code}`;
  return { events: `${root}/events`, mgmt: `${root}/mgmt`, commands: `${root}/commands`, responses: `${root}/responses` };
}

/**
 * A reader's fields, in the order of its form (after its code, which is its MQTT username and never
 * changes): what each is, its rule and label. A kind, a format or a mode that is none of its values is
 * the request's generic error.
 */
export const READER_FIELDS = defineEntityFields({
  name: { kind: 'text', max: LIMITS.TEXT_MAX, required: true, oneLine: true, label: 'readers.name', search: true },
  kind: { kind: 'enum', values: READER_KINDS, blank: 'BAD_REQUEST_ERROR', notFound: 'BAD_REQUEST_ERROR', label: 'readers.kind', filter: {} },
  format: { kind: 'enum', values: READER_FORMATS, blank: 'BAD_REQUEST_ERROR', notFound: 'BAD_REQUEST_ERROR', label: 'readers.format' },
  /** The zone (master data) the reader stands in or sweeps. */
  zoneId: catalogueReference('zones', { name: 'zoneName', filter: {} }),
  /** Host name or IP address, as the installer knows it. */
  host: { kind: 'text', max: 100, label: 'readers.host', example: '192.168.1.50', search: true },
  antennas: { kind: 'custom', rule: antennaList, required: true, label: 'readers.antennas' },
  deviceMode: { kind: 'enum', values: DEVICE_MODES, default: 'READ_TAG', notFound: 'BAD_REQUEST_ERROR', label: 'readers.device_mode' },
  operatingMode: { kind: 'enum', values: OPERATING_MODES, default: 'MANUAL', notFound: 'BAD_REQUEST_ERROR', label: 'readers.operating_mode' },
  switch: { kind: 'enum', values: SWITCH_STATES, default: 'ON', notFound: 'BAD_REQUEST_ERROR', label: 'readers.switch' },
  /** Topics of the reader's own choosing; absent: defaultReaderTopics(code). The view carries every topic. */
  topics: { kind: 'custom', rule: readerTopics.partial().optional(), view: readerTopics, label: 'readers.topics' },
});

const readerFields = requestShape(READER_FIELDS);

export const createReaderRequest = z.object({ code: readerCode, ...readerFields });
export type CreateReaderRequest = z.infer<typeof createReaderRequest>;
export const updateReaderRequest = z.object(readerFields);
export type UpdateReaderRequest = z.infer<typeof updateReaderRequest>;

/** The gate configuration's reader list: the registry's columns, then the reader's live state; it sorts by the last change too. */
export const READER_LIST_COLUMNS = defineListColumns({
  code: { label: 'readers.code', sort: true },
  name: { label: 'readers.name', sort: true },
  kind: { label: 'readers.kind', sort: true },
  zoneName: { label: 'catalogue:zones.one' },
  format: { label: 'readers.format' },
  connection: { label: 'readers.connection' },
  lastHeartbeat: { label: 'readers.last_heartbeat' },
  temperature: { label: 'readers.temperature' },
  readsPerSecond: { label: 'readers.reads_per_second' },
  scanning: { label: 'readers.scanning' },
  deviceMode: { label: 'readers.device_mode' },
  operatingMode: { label: 'readers.operating_mode' },
  switch: { label: 'readers.switch' },
  updatedAt: { sort: true },
});

export const readerListQuery = pagingQuery.extend({
  q: searchText.optional(),
  kind: readerKind.optional(),
  zoneId: z.uuid().optional(),
  connection: connectionState.optional(),
  sort: sortQuery(sortColumnKeys(READER_LIST_COLUMNS), 'code:asc'),
});
export type ReaderListQuery = z.infer<typeof readerListQuery>;

/** What the device tells about itself, live (not an event: telemetry). */
export const readerLive = z.object({
  connection: connectionState,
  /** When the reader last connected or disconnected, as the back-office saw it. */
  connectionChangedAt: z.string().nullable(),
  lastHeartbeatAt: z.string().nullable(),
  /** The last message of any kind from the reader. */
  lastMessageAt: z.string().nullable(),
  /** Degrees Celsius, where the reader sends it. */
  temperature: z.number().nullable(),
  /** Tag reads per second over the last minute. */
  readsPerSecond: z.number(),
  firmware: z.string().nullable(),
  /** Whether an inventory (scan) runs, as the reader last said or the last command set it. */
  scanning: z.boolean(),
  /** Its MQTT sessions open on the embedded broker now (an external broker does not tell: 0). */
  sessions: z.number().int(),
});
export type ReaderLive = z.infer<typeof readerLive>;

export const readerUser = z.object({ id: z.uuid(), username: z.string(), fullName: z.string() });
export type ReaderUser = z.infer<typeof readerUser>;

export const readerView = z.object({
  id: z.uuid(),
  code: z.string(),
  ...viewShape(READER_FIELDS),
  live: readerLive,
  users: z.array(readerUser),
  ...savedRecord,
});
export type ReaderView = z.infer<typeof readerView>;

/**
 * A reader's MQTT credentials, answered once, when the reader is created or its password rotated:
 * only a hash is kept. `brokers` are the addresses the reader may connect to (TCP, WebSocket).
 */
export const readerCredentials = z.object({ username: z.string(), password: z.string(), brokers: z.array(z.string()), topics: readerTopics });
export type ReaderCredentials = z.infer<typeof readerCredentials>;
export const readerCreated = z.object({ reader: readerView, credentials: readerCredentials });
export type ReaderCreated = z.infer<typeof readerCreated>;

/** Where readers connect: shown on the gate configuration page and printed at start. */
export const brokerInfo = z.object({
  /** embedded: this server runs the broker; external: MQTT_URL names another one. */
  mode: z.enum(['embedded', 'external', 'disabled']),
  urls: z.array(z.string()),
  maxPayloadBytes: z.number().int(),
});
export type BrokerInfo = z.infer<typeof brokerInfo>;

/** The header an external broker's HTTP hooks carry the shared secret in (`MQTT_HOOK_SECRET`). */
export const BROKER_HOOK_SECRET_HEADER = 'x-broker-hook-secret';

/** What EMQX's HTTP authentication sends (its placeholders `${username}`, `${password}`, `${clientid}`, `${peerhost}`). */
export const brokerAuthenticationRequest = z.object({
  username: z.string().max(1000),
  password: z.string().max(1000),
  clientid: z.string().max(1000),
  peerhost: z.string().max(200).optional(),
});
export type BrokerAuthenticationRequest = z.infer<typeof brokerAuthenticationRequest>;

/** What EMQX's HTTP authorization sends (`${username}`, `${topic}`, `${action}`). */
export const brokerAuthorizationRequest = z.object({
  username: z.string().max(1000),
  topic: z.string().max(65_535),
  action: z.enum(['publish', 'subscribe', 'all']),
});
export type BrokerAuthorizationRequest = z.infer<typeof brokerAuthorizationRequest>;

/** The answer EMQX reads: allowed or not, and whether the client may do anything (the back-office's own). */
export const brokerHookAnswer = z.object({ result: z.enum(['allow', 'deny']), is_superuser: z.boolean() });
export type BrokerHookAnswer = z.infer<typeof brokerHookAnswer>;

/** A command to a reader. `set_power` sets the transmit power of the antennas named; `set_gpo` switches an output (a gate's light or buzzer). */
export const readerCommandRequest = z.discriminatedUnion('command', [
  z.object({ command: z.literal('start') }),
  z.object({ command: z.literal('stop') }),
  z.object({ command: z.literal('set_mode'), mode: deviceMode }),
  z.object({ command: z.literal('set_power'), antennas: antennaList }),
  z.object({ command: z.literal('set_gpo'), port: z.coerce.number().int().min(1).max(8), state: z.boolean() }),
]);
export type ReaderCommandRequest = z.infer<typeof readerCommandRequest>;
export type ReaderCommandName = ReaderCommandRequest['command'];

/** A command the reader answered with success. A failure or no answer in time is an error answer (SCANNING_START_FAILED ...). */
export const readerCommandResult = z.object({
  commandId: z.string(),
  command: z.string(),
  /** The reader's own payload, as it answered. */
  response: z.unknown(),
  durationMs: z.number(),
});
export type ReaderCommandResult = z.infer<typeof readerCommandResult>;

export const assignReaderUserRequest = z.object({ userId: z.uuid() });
export type AssignReaderUserRequest = z.infer<typeof assignReaderUserRequest>;

/** Where and when a tag was last seen by a reader: on the tag's detail and the sample's page. */
export const tagLastSeen = z.object({
  readerId: z.uuid(),
  readerCode: z.string(),
  readerName: z.string(),
  antenna: z.number().int().nullable(),
  zoneId: z.uuid().nullable(),
  zoneName: z.string().nullable(),
  at: z.string(),
});
export type TagLastSeen = z.infer<typeof tagLastSeen>;

/*
 * The integration log: what passed between the back-office and the readers. Management messages,
 * commands and responses one by one; tag data counted per reader per minute; every message refused or
 * not understood with the reason and its raw payload.
 */
export const INTEGRATION_LOG_KINDS = ['MGMT', 'TAG_DATA', 'COMMAND', 'RESPONSE', 'CONNECTION'] as const;
export const integrationLogKind = z.enum(INTEGRATION_LOG_KINDS);
export type IntegrationLogKind = z.infer<typeof integrationLogKind>;
/** OK; REJECTED: understood but refused (a bad EPC, a topic not the reader's, too large); MALFORMED: not understood; FAILED / TIMEOUT: a command. */
export const INTEGRATION_LOG_OUTCOMES = ['OK', 'REJECTED', 'MALFORMED', 'FAILED', 'TIMEOUT'] as const;
export const integrationLogOutcome = z.enum(INTEGRATION_LOG_OUTCOMES);
export type IntegrationLogOutcome = z.infer<typeof integrationLogOutcome>;

/** The integration log's columns. */
export const INTEGRATION_LOG_COLUMNS = defineListColumns({
  at: { label: 'integration_log.time', sort: true },
  readerCode: { label: 'integration_log.reader' },
  direction: { label: 'integration_log.direction' },
  kind: { label: 'integration_log.kind' },
  outcome: { label: 'integration_log.outcome' },
  summary: { label: 'integration_log.summary' },
  reason: { label: 'integration_log.reason' },
  topic: { label: 'integration_log.topic' },
});

export const integrationLogQuery = pagingQuery.extend({
  readerId: z.uuid().optional(),
  kind: integrationLogKind.optional(),
  outcome: integrationLogOutcome.optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  q: searchText.optional(),
  /** Only the entries that are not OK. */
  problems: booleanQuery.optional(),
  sort: sortQuery(sortColumnKeys(INTEGRATION_LOG_COLUMNS), 'at:desc'),
});
export type IntegrationLogQuery = z.infer<typeof integrationLogQuery>;

export const integrationLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  readerId: z.uuid().nullable(),
  /** The reader's code, or the MQTT client's username when it names no reader. */
  readerCode: z.string().nullable(),
  kind: integrationLogKind,
  direction: z.enum(['IN', 'OUT']),
  topic: z.string().nullable(),
  outcome: integrationLogOutcome,
  reason: z.string().nullable(),
  /** A one-line description (for TAG_DATA: the reads and tags of that minute). */
  summary: z.string(),
  /** TAG_DATA: how many reads the minute counted. */
  count: z.number().int().nullable(),
});
export type IntegrationLogEntry = z.infer<typeof integrationLogEntry>;
export const integrationLogDetail = integrationLogEntry.extend({
  /** The payload as received or sent (text; binary shown as hex), at most the log's own limit. */
  payload: z.string().nullable(),
  payloadBytes: z.number().int().nullable(),
});
export type IntegrationLogDetail = z.infer<typeof integrationLogDetail>;
export const integrationLogList = listResponse(integrationLogEntry);

/** The two real-time topics (/topic/get_status, /topic/get_mode), as socket.io events pushed to whoever may see readers. */
export const deviceStatusPush = z.object({ readerId: z.uuid(), code: z.string(), live: readerLive });
export type DeviceStatusPush = z.infer<typeof deviceStatusPush>;
export const deviceModePush = z.object({ readerId: z.uuid(), code: z.string(), deviceMode, operatingMode, switch: switchState });
export type DeviceModePush = z.infer<typeof deviceModePush>;
