import { Inject } from '@nestjs/common';
import { P, REALTIME_EVENTS } from '@rfid/contracts';
import { CommittedEventsHandler, OnCommitted } from '../../../platform/cqrs/committed-events.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway.js';
import { alertIdOf } from '../domain/alert.js';
import type { AlertEvent } from '../alerts.events.js';
import { AlertQueries } from './alerts.queries.js';

/**
 * Every change of an alert that the alert screens show (raised of any kind, the alarm switched off,
 * disabled) is pushed as the alert now is (`alert`) to whoever may see the gate alert logs or the
 * alert report.
 */
@OnCommitted<AlertEvent['type']>('GateAlertRaised', 'ReaderDisconnectedAlertRaised', 'StocktakeAbnormalAlertRaised', 'AlarmSwitchedOff', 'AlertDisabled')
export class AlertPushes extends CommittedEventsHandler {
  constructor(
    @Inject(AlertQueries) private readonly queries: AlertQueries,
    @Inject(RealtimeGateway) private readonly realtime: RealtimeGateway,
  ) {
    super();
  }

  protected async committed(events: readonly StoredEvent[]): Promise<void> {
    const ids = new Set(events.map((e) => alertIdOf({ type: e.type, data: e.data } as AlertEvent)));
    for (const view of await this.queries.views([...ids])) {
      this.realtime.here.toAnyPermission([P.SECURITY_GATE_LOG_LIST, P.REPORT_ALERT_LIST], REALTIME_EVENTS.ALERT, view);
    }
  }
}
