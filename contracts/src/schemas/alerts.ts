import { z } from 'zod';
import { defineListColumns, sortColumnKeys } from '../list-columns.js';
import { defineEntityFields, filterShape, requestShape, viewShape } from '../entity-fields.js';
import { LIMITS } from '../limits.js';
import { codedRule, isoDateTime, listResponse, pagingQuery, savedRecord, searchText, sortQuery, wholeNumber } from './common.js';
import { gateItemKind, gateItemView } from './gates.js';
import { LINK_REPORT_SAMPLE_FILTERS } from './reports.js';

/*
 * Alerts (the gate alert logs and the other alert kinds), who is told of them (the alert
 * configuration) and the alert report.
 */

/** What an alert is about: an item left through a gate without permission, a reader went offline, a stocktake found abnormal items. */
export const ALERT_KINDS = ['GATE', 'READER_DISCONNECTED', 'STOCKTAKE_ABNORMAL'] as const;
export const alertKind = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKind>;

/** An alert is active until someone disables it with a reason. */
export const ALERT_STATES = ['ACTIVE', 'DISABLED'] as const;
export const alertState = z.enum(ALERT_STATES);
export type AlertState = z.infer<typeof alertState>;

export const alertView = z.object({
  id: z.uuid(),
  kind: alertKind,
  state: alertState,
  at: z.string(),
  /** The gate (or the reader that went offline). */
  gateId: z.uuid().nullable(),
  gateCode: z.string().nullable(),
  gateName: z.string().nullable(),
  readerHostName: z.string().nullable(),
  antenna: z.number().int().nullable(),
  epc: z.string().nullable(),
  item: gateItemView.nullable(),
  /** The stocktake of a STOCKTAKE_ABNORMAL alert. */
  subject: z.object({ id: z.string(), code: z.string() }).nullable(),
  /** Whether the gate's light and buzzer are on for it; the "disable ping" switches them off. */
  alarmOn: z.boolean(),
  alarmOffBy: z.string().nullable(),
  alarmOffAt: z.string().nullable(),
  disabledBy: z.string().nullable(),
  disabledAt: z.string().nullable(),
  disableReason: z.string().nullable(),
});
export type AlertView = z.infer<typeof alertView>;

/** The alert report's filters (and the alert list's), with the sample attributes of the item. */
export const alertFilter = z.object({
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  gateId: z.uuid().optional(),
  kind: alertKind.optional(),
  state: alertState.optional(),
  itemKind: gateItemKind.optional(),
  /** The tag, or the item's code or name. */
  q: searchText.optional(),
  productId: z.uuid().optional(),
  ...filterShape(LINK_REPORT_SAMPLE_FILTERS),
});
export type AlertFilter = z.infer<typeof alertFilter>;

/** The alert list's (and report's) columns: the screen shows the gate, the item and the alarm in a column each, the export writes their parts. */
export const ALERT_LIST_COLUMNS = defineListColumns({
  at: { label: 'alerts.time', header: { vi: 'Thời gian', en: 'Time' }, width: 34, dateTime: true, sort: true },
  kind: { label: 'alerts.kind', header: { vi: 'Loại cảnh báo', en: 'Alert kind' }, width: 22 },
  gate: { label: 'gate.gate' },
  gateCode: { header: { vi: 'Mã cổng', en: 'Gate code' }, width: 14 },
  gateName: { header: { vi: 'Tên cổng', en: 'Gate name' }, width: 22 },
  readerHostName: { label: 'alerts.reader_host' },
  antenna: { header: { vi: 'Ăng-ten', en: 'Antenna' }, width: 10 },
  item: { label: 'gate.item' },
  epc: { label: 'gate.tag', header: { vi: 'Mã RFID', en: 'RFID tag' }, width: 30 },
  itemKind: { header: { vi: 'Loại hàng', en: 'Item kind' }, width: 14 },
  itemCode: { header: { vi: 'Mã hàng', en: 'Item code' }, width: 16 },
  itemName: { header: { vi: 'Tên hàng', en: 'Item name' }, width: 28 },
  state: { label: 'alerts.state', header: { vi: 'Trạng thái', en: 'State' }, width: 12 },
  alarm: { label: 'alerts.alarm' },
  alarmOffBy: { label: 'alerts.alarm_off_by' },
  alarmOffAt: { label: 'alerts.alarm_off_at' },
  disabledBy: { label: 'alerts.disabled_by', header: { vi: 'Người tắt', en: 'Disabled by' }, width: 18 },
  disabledAt: { label: 'alerts.disabled_at', header: { vi: 'Thời gian tắt', en: 'Disabled at' }, width: 34, dateTime: true },
  disableReason: { label: 'alerts.reason', header: { vi: 'Lý do', en: 'Reason' }, width: 30 },
});

export const alertListQuery = pagingQuery.extend({ ...alertFilter.shape, sort: sortQuery(sortColumnKeys(ALERT_LIST_COLUMNS), 'at:desc') });
export type AlertListQuery = z.infer<typeof alertListQuery>;
export const alertListResponse = listResponse(alertView);
export type AlertListResponse = z.infer<typeof alertListResponse>;

/** The alert report: the page of alerts and the totals of every alert in the filter, per gate and per day (the asker's time zone). */
export const alertReportResponse = alertListResponse.extend({
  totals: z.object({
    all: z.number().int(),
    active: z.number().int(),
    disabled: z.number().int(),
    byGate: z.array(z.object({ gateId: z.uuid().nullable(), gateCode: z.string().nullable(), gateName: z.string().nullable(), total: z.number().int(), active: z.number().int() })),
    byDay: z.array(z.object({ day: z.string(), total: z.number().int() })),
  }),
});
export type AlertReportResponse = z.infer<typeof alertReportResponse>;

/** How a configured user is told: a notification in the app (the bell), an e-mail, or both. */
export const NOTIFICATION_METHODS = ['IN_APP', 'EMAIL'] as const;
export const notificationMethod = z.enum(NOTIFICATION_METHODS);
export type NotificationMethod = z.infer<typeof notificationMethod>;


/** Minutes after which an alert still active is notified again (above 0; at most a week). */
export const ALERT_REPEAT_MINUTES_MAX = 7 * 24 * 60;

/** An alert configuration's fields, in the order of its form: whom to tell, how, about which alerts and how often. */
export const ALERT_CONFIGURATION_FIELDS = defineEntityFields({
  userId: { kind: 'record', of: 'users', name: 'username', required: true, label: 'alert_config.user' },
  methods: {
    kind: 'custom',
    rule: z
      .array(notificationMethod)
      .min(1)
      .refine((m) => new Set(m).size === m.length, { message: 'each method once' }),
    required: true,
    label: 'alert_config.methods',
  },
  /** The address e-mails go to; required with EMAIL. */
  email: { kind: 'email', max: 254, notValid: 'EMAIL_NOT_VALID', label: 'alert_config.email', example: 'name@example.com' },
  /** The form's "action name": what the user is expected to do (free text). */
  actionName: { kind: 'text', max: LIMITS.TEXT_MAX, required: true, oneLine: true, label: 'alert_config.action_name' },
  /** The form's "function name": which alerts. */
  functionName: { kind: 'enum', values: ALERT_KINDS, blank: 'BAD_REQUEST_ERROR', notFound: 'BAD_REQUEST_ERROR', label: 'alert_config.function_name', valueLabels: 'alerts.kind' },
  /** The form's "time": minutes after which an alert still active is notified again; above 0. */
  timeMinutes: { kind: 'integer', min: 1, max: ALERT_REPEAT_MINUTES_MAX, notValid: 'ALERT_TIME_NOT_VALID', label: 'alert_config.time_minutes' },
});

const alertConfigurationFields = z
  .object(requestShape(ALERT_CONFIGURATION_FIELDS))
  .refine((c) => !c.methods.includes('EMAIL') || !!c.email, { path: ['email'], ...codedRule('EMAIL_REQUIRED') });

export const createAlertConfigurationRequest = alertConfigurationFields;
export type CreateAlertConfigurationRequest = z.infer<typeof createAlertConfigurationRequest>;
export const updateAlertConfigurationRequest = alertConfigurationFields.and(z.object({ version: wholeNumber(1) }));
export type UpdateAlertConfigurationRequest = z.infer<typeof updateAlertConfigurationRequest>;

export const alertConfigurationView = z.object({
  id: z.uuid(),
  ...viewShape(ALERT_CONFIGURATION_FIELDS),
  fullName: z.string().nullable(),
  ...savedRecord,
});
export type AlertConfigurationView = z.infer<typeof alertConfigurationView>;

/** The alert configuration list's columns. */
export const ALERT_CONFIGURATION_COLUMNS = defineListColumns({
  username: { label: 'alert_config.username', sort: true },
  fullName: { label: 'alert_config.full_name' },
  methods: { label: 'alert_config.methods' },
  email: { label: 'alert_config.email' },
  actionName: { label: 'alert_config.action_name' },
  functionName: { label: 'alert_config.function_name', sort: true },
  timeMinutes: { label: 'alert_config.time_minutes' },
  updatedAt: { label: 'common.updated_at', sort: true },
});

export const alertConfigurationListQuery = pagingQuery.extend({
  /** The user's username or full name, or the action name. */
  q: searchText.optional(),
  functionName: alertKind.optional(),
  method: notificationMethod.optional(),
  sort: sortQuery(sortColumnKeys(ALERT_CONFIGURATION_COLUMNS), 'username:asc'),
});
export type AlertConfigurationListQuery = z.infer<typeof alertConfigurationListQuery>;
export const alertConfigurationListResponse = listResponse(alertConfigurationView).extend({
  /** Whether e-mail can be sent (SMTP_URL is set); without it EMAIL configurations are kept but nothing is mailed. */
  mailEnabled: z.boolean(),
});
export type AlertConfigurationListResponse = z.infer<typeof alertConfigurationListResponse>;
