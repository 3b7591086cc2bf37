import { Tag } from '@blueprintjs/core';
import type { AlertKind, AlertState } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';

/** What an alert is about: a gate's red, a reader's and a stocktake's amber. */
export function AlertKindTag({ kind }: { kind: AlertKind }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={kind === 'GATE' ? 'danger' : 'warning'} data-kind={kind}>
      {t(`alerts.kind_${kind}`)}
    </Tag>
  );
}

/** An active alert stands out (solid red) until someone disables it. */
export function AlertStateTag({ state }: { state: AlertState }) {
  const { t } = useTranslation();
  return (
    <Tag round intent={state === 'ACTIVE' ? 'danger' : 'none'} minimal={state !== 'ACTIVE'} data-state={state}>
      {t(`alerts.state_${state}`)}
    </Tag>
  );
}

/** Whether the gate's light and buzzer still sound for the alert. */
export function AlarmTag({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={on ? 'warning' : 'none'} icon={on ? 'volume-up' : 'volume-off'} data-alarm={on ? 'on' : 'off'}>
      {t(on ? 'alerts.alarm_on' : 'alerts.alarm_off')}
    </Tag>
  );
}
