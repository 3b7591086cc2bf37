import type { AlertKind } from '@rfid/contracts';
import type { Insertable } from 'kysely';
import type { Tx } from '../../../platform/database/database.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import { searchKey } from '../../../platform/database/vietnamese-text.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { AlertEvent } from '../alerts.events.js';
import type { AlertsTable } from './alert-views.tables.js';

type Of<T extends AlertEvent['type']> = StoredEvent<Extract<AlertEvent, { type: T }>['data']>;

/** The reader an alert is about (a gate's alert: the gate), as it was named then. */
const readerColumns = (id: string, code: string | null, name: string | null, hostName: string | null) => ({ gate_id: id, gate_code: code, gate_name: name, reader_host_name: hostName });

/** An alert's row: its id, kind and moment, as every kind has them, and what this kind says. */
async function insertAlert(tx: Tx, e: StoredEvent<{ alertId: string }>, kind: AlertKind, row: Omit<Insertable<AlertsTable>, 'id' | 'kind' | 'at'>): Promise<void> {
  await tx
    .insertInto('alerts')
    .values({ id: e.data.alertId, kind, at: e.recordedAt, ...row })
    .execute();
}

/**
 * `alerts` (one row per alert, its alarm and disable state), written in the append's transaction so an
 * answer already shows them.
 */
export const alertsProjection: InlineProjection = {
  name: 'alerts',
  tables: ['alerts'],
  handlers: {
    GateAlertRaised: (tx, e: Of<'GateAlertRaised'>) => {
      const d = e.data;
      return insertAlert(tx, e, 'GATE', {
        ...readerColumns(d.gateId, d.gateCode, d.gateName, d.readerHostName),
        antenna: d.antenna,
        epc: d.epc,
        item_kind: d.item.kind,
        item_id: d.item.id,
        item_code: d.item.code,
        item_name: d.item.name,
        pass_id: d.passId,
        alarm_on: true,
        search_key: searchKey(d.epc, d.item.code, d.item.name),
      });
    },
    ReaderDisconnectedAlertRaised: (tx, e: Of<'ReaderDisconnectedAlertRaised'>) => {
      const d = e.data;
      return insertAlert(tx, e, 'READER_DISCONNECTED', {
        ...readerColumns(d.readerId, d.readerCode, d.readerName, d.readerHostName),
        alarm_on: false,
        search_key: searchKey(d.readerCode, d.readerName),
      });
    },
    StocktakeAbnormalAlertRaised: (tx, e: Of<'StocktakeAbnormalAlertRaised'>) => {
      const d = e.data;
      return insertAlert(tx, e, 'STOCKTAKE_ABNORMAL', {
        subject_id: d.stocktakeId,
        subject_code: d.stocktakeCode,
        subject_count: d.abnormal,
        alarm_on: false,
        search_key: searchKey(d.stocktakeCode),
      });
    },
    AlarmSwitchedOff: async (tx, e: Of<'AlarmSwitchedOff'>) => {
      await tx.updateTable('alerts').set({ alarm_on: false, alarm_off_by: e.data.by, alarm_off_at: e.recordedAt }).where('id', '=', e.data.alertId).execute();
    },
    AlertDisabled: async (tx, e: Of<'AlertDisabled'>) => {
      await tx
        .updateTable('alerts')
        .set({ alarm_on: false, disabled_by: e.data.disabledBy, disabled_by_id: e.data.disabledById, disabled_at: e.recordedAt, disable_reason: e.data.reason })
        .where('id', '=', e.data.alertLogId)
        .execute();
    },
  },
};
