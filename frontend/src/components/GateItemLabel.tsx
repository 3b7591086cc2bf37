import { Tag } from '@blueprintjs/core';
import type { GateItemView } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { SampleLink } from './SampleLink';

/** What passed a gate or raised an alert: its kind, its code (a sample's links to its page) and its name. */
export function GateItemLabel({ item }: { item: GateItemView | null }) {
  const { t } = useTranslation();
  if (!item) return null;
  return (
    <span className="gate-item" data-kind={item.kind}>
      <Tag minimal>{t(`gate.item_kind_${item.kind}`)}</Tag> {item.kind === 'SAMPLE' ? <SampleLink id={item.id} code={item.code} /> : item.code}
      {item.name && <span className="muted"> · {item.name}</span>}
    </span>
  );
}
