/*
 * The alerts module's events and the shapes they carry: what it records, and what other modules may
 * follow (their projections, processors and pushes). This file imports no code: importing it never
 * ties one module to another.
 */
import type { AlertKind, GateItemView, NotificationMethod } from '@rfid/contracts';

/**
 * An alert: raised by the module that saw the problem (a gate, the readers' watch, a stocktake), told
 * to the configured users, reminded while it stays active, its alarm (a gate's light and buzzer)
 * switched off by the "disable ping", and disabled once, with a reason, by a user it was sent to.
 */
export type AlertEvent =
  | {
      type: 'GateAlertRaised';
      data: {
        alertId: string;
        passId: string;
        gateId: string;
        gateCode: string;
        gateName: string;
        readerHostName: string | null;
        antenna: number | null;
        epc: string;
        item: GateItemView;
      };
    }
  | { type: 'ReaderDisconnectedAlertRaised'; data: { alertId: string; readerId: string; readerCode: string; readerName: string; readerHostName: string | null } }
  /** A stocktake closed with abnormal lines (not ignored): once per stocktake. */
  | { type: 'StocktakeAbnormalAlertRaised'; data: { alertId: string; stocktakeId: string; stocktakeCode: string; abnormal: number } }
  /** Kept for the history: earlier versions reminded each user of each alert; reminders are now ActiveAlertsReminded. */
  | { type: 'AlertReminded'; data: { alertId: string; reminders: { userId: string; round: number }[] } }
  | { type: 'AlarmSwitchedOff'; data: { alertId: string; by: string; byId: string | null } }
  | {
      type: 'AlertDisabled';
      data: { alertLogId: string; notificationId: string | null; disabledBy: string; disabledById: string | null; reason: string | null };
    };

export type AlertRaisedEvent = Extract<AlertEvent, { type: 'GateAlertRaised' | 'ReaderDisconnectedAlertRaised' | 'StocktakeAbnormalAlertRaised' }>;

/** Who is told of which kind of alert, how, and how often again while it stays active. */
export interface AlertConfigurationSettings {
  userId: string;
  methods: NotificationMethod[];
  /** Where e-mails go; required with EMAIL. */
  email: string | null;
  actionName: string;
  /** Which alerts (the form's "function name"). */
  functionName: AlertKind;
  timeMinutes: number;
}

/** Creation and update carry every setting, so the read model never needs the stream's history. */
export type AlertConfigurationEvent =
  | { type: 'AlertConfigurationCreated'; data: { configurationId: string } & AlertConfigurationSettings }
  | { type: 'AlertConfigurationUpdated'; data: { configurationId: string } & AlertConfigurationSettings }
  | { type: 'AlertConfigurationDeleted'; data: { configurationId: string; userId: string; functionName: AlertKind } };

/**
 * A configured user reminded, in one summary, of the alerts of their configuration's kind still active
 * that were raised while the configuration existed, at most once per its interval (the configuration's
 * own reminder stream). `places`: the gates, readers or stocktakes those alerts are at, by code.
 */
export type AlertReminderEvent = {
  type: 'ActiveAlertsReminded';
  data: { configurationId: string; userId: string; kind: AlertKind; at: string; alertIds: string[]; places: string[] };
};
