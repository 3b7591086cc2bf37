import { Tag, type IconName, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** How a value looks as a badge: its colour, light (`minimal`) or solid, and its icon. */
export interface BadgeLook {
  intent?: Intent;
  minimal?: boolean;
  icon?: IconName;
  className?: string;
}

/**
 * A state, a status or a kind as a badge: its label (the translation `${labelPrefix}_${value}`) in the
 * look its screen gives each value; `data-{name}` carries the value itself (the tests read it).
 */
export function StateBadge<V extends string>(props: { value: V; looks: Record<V, BadgeLook>; labelPrefix: string; name: string; round?: boolean; className?: string }) {
  const { t } = useTranslation();
  const look = props.looks[props.value];
  return (
    <Tag round={props.round ?? true} intent={look.intent} minimal={look.minimal} icon={look.icon} className={[props.className, look.className].filter(Boolean).join(' ') || undefined} {...{ [`data-${props.name}`]: props.value }}>
      {t(`${props.labelPrefix}_${props.value}`)}
    </Tag>
  );
}
