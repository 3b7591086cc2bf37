import { Button, HTMLSelect, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { ANTENNA_ROLES, LIMITS, type AntennaRole } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import type { CustomFieldProps } from '../../components/FormDialog';
import { enumOptions } from '../../i18n/enum-options';

/** An antenna as it is edited: its port, and its power as typed (the schema reads the number; none left: required). */
export interface AntennaRow {
  port: number | string;
  power: number | string | undefined;
  /** On a gate: the side the antenna faces; none is null. */
  role?: AntennaRole | null;
}

/** The ports a reader may have (contracts: 1 to 32). */
const PORTS = Array.from({ length: 32 }, (_, i) => i + 1);
/** A new antenna starts at the power of the one before it, or at the most allowed. */
const NEW_POWER = LIMITS.ANTENNA_POWER_MAX;

/**
 * A reader's antennas: each port once, with its transmit power in dBm, 0 to 30, where 0 turns the
 * antenna off (said beside it). The value is typed freely: a power over 30 is not cut down but refused
 * by the schema's rule (ANTENNA_POWER_OUT_OF_RANGE), its row marked. At least one antenna stays. On a
 * gate reader (the form's kind is GATE) each antenna also says which side it faces: the gate tells an
 * item going out (inner, then outer) from one coming in.
 */
export function AntennaPowerEditor({ id, value, onChange, disabled, error, values }: CustomFieldProps) {
  const { t } = useTranslation();
  const gate = values.kind === 'GATE';
  const rows = (Array.isArray(value) ? value : []) as AntennaRow[];
  const wrongRow = error && error.at.length > 0 ? Number(error.at[0]) : undefined;
  const change = (index: number, patch: Partial<AntennaRow>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const add = () => {
    const port = PORTS.find((p) => !rows.some((r) => Number(r.port) === p));
    if (port) onChange([...rows, { port, power: rows.at(-1)?.power ?? NEW_POWER }]);
  };
  return (
    <div className="antenna-editor" data-testid="antenna-editor">
      <HTMLTable compact>
        <thead>
          <tr>
            <th>{t('readers.antenna')}</th>
            <th>{t('readers.power_dbm')}</th>
            {gate && <th>{t('readers.antenna_role')}</th>}
            <th aria-label={t('readers.antenna_state')} />
            {!disabled && <th aria-label={t('list.actions')} />}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const off = row.power !== undefined && Number(row.power) === 0;
            const taken = new Set(rows.filter((_, i) => i !== index).map((r) => Number(r.port)));
            return (
              <tr key={index} data-testid="antenna-row">
                <td>
                  <HTMLSelect
                    value={String(row.port)}
                    disabled={disabled}
                    aria-label={t('readers.antenna_port', { n: index + 1 })}
                    onChange={(e) => change(index, { port: Number(e.target.value) })}
                    options={PORTS.filter((p) => !taken.has(p)).map((p) => ({ value: String(p), label: t('readers.port_n', { port: p }) }))}
                  />
                </td>
                <td>
                  <InputGroup
                    id={index === 0 ? id : undefined}
                    type="number"
                    inputMode="decimal"
                    value={row.power === undefined ? '' : String(row.power)}
                    disabled={disabled}
                    min={0}
                    max={LIMITS.ANTENNA_POWER_MAX}
                    step="any"
                    intent={wrongRow === index ? 'danger' : 'none'}
                    aria-label={t('readers.antenna_power', { port: row.port })}
                    aria-invalid={wrongRow === index || undefined}
                    className="antenna-power"
                    onChange={(e) => change(index, { power: e.target.value === '' ? undefined : e.target.value })}
                  />
                </td>
                {gate && (
                  <td>
                    <HTMLSelect
                      value={row.role ?? ''}
                      disabled={disabled}
                      aria-label={t('readers.antenna_role_of', { port: row.port })}
                      onChange={(e) => change(index, { role: (e.target.value || null) as AntennaRole | null })}
                      options={[{ value: '', label: t('readers.role_none') }, ...enumOptions(t, ANTENNA_ROLES, 'readers.role')]}
                    />
                  </td>
                )}
                <td>{off && <Tag minimal>{t('readers.antenna_off')}</Tag>}</td>
                {!disabled && (
                  <td>
                    <Button
                      variant="minimal"
                      icon="trash"
                      disabled={rows.length === 1}
                      aria-label={t('readers.remove_antenna', { port: row.port })}
                      onClick={() => onChange(rows.filter((_, i) => i !== index))}
                    />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      {!disabled && rows.length < PORTS.length && <Button variant="minimal" icon="add" text={t('readers.add_antenna')} onClick={add} data-testid="add-antenna" />}
    </div>
  );
}
