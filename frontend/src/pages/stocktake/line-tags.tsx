import { Tag, type Intent } from '@blueprintjs/core';
import type { StocktakeLineResult, StocktakeLineView } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';

const RESULT_INTENTS: Record<StocktakeLineResult, Intent> = { FOUND: 'success', MISSING: 'danger', ABNORMAL: 'warning' };

/** A line's result (found, missing, abnormal), how many units a product's line is short, and "Ignored" beside it once a user set it aside. */
export function LineResultTag({ line }: { line: StocktakeLineView }) {
  const { t } = useTranslation();
  const short = line.result === 'MISSING' && line.found > 0 ? line.expected - line.found : 0;
  return (
    <span className="tag-list" data-result={line.result}>
      <Tag minimal round intent={RESULT_INTENTS[line.result]}>
        {t(`stocktake.result_${line.result}`)}
      </Tag>
      {short > 0 && (
        <span className="muted" data-testid="line-short">
          {t('stocktake.short_by', { count: short })}
        </span>
      )}
      {line.ignored && (
        <Tag minimal round icon="eye-off" data-testid="line-ignored">
          {t('stocktake.ignored')}
        </Tag>
      )}
    </span>
  );
}

/** Why an abnormal line is abnormal: "Code does not match the search area" naming the zone the item belongs to, out on a ticket, or an unknown tag. */
export function LineReason({ line }: { line: StocktakeLineView }) {
  const { t } = useTranslation();
  if (!line.reason) return null;
  if (line.reason === 'ZONE_MISMATCH') {
    return (
      <span data-reason={line.reason}>
        {t('errors:ZONE_MISMATCH')}
        {line.otherZoneName && ` (${t('stocktake.belongs_to', { zone: line.otherZoneName })})`}
      </span>
    );
  }
  return <span data-reason={line.reason}>{t(`stocktake.reason_${line.reason}`)}</span>;
}
