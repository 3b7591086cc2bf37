import { Button, ButtonGroup, ControlGroup, HTMLSelect, Spinner } from '@blueprintjs/core';
import { API, createReaderRequest, DEVICE_MODES, type DeviceMode, type ReaderCommandName, type ReaderCommandRequest, type ReaderView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormDialog } from '../../components/FormDialog';
import { showError, showSuccess } from '../../components/toasts';
import { AntennaPowerEditor } from './AntennaPowerEditor';

/** The outputs a command may switch (contracts: 1 to 8): a gate's light, its buzzer. */
const GPO_PORTS = Array.from({ length: 8 }, (_, i) => i + 1);

/** Only the antennas of the reader form: the power command's dialog. */
const antennasOnly = createReaderRequest.pick({ antennas: true });

/**
 * Commands to a reader (SECURITY_GATE_CONFIGURATION_UPDATE): start and stop scanning, set the device
 * mode, set the antennas' power, switch an output. The server waits for the reader's answer: the
 * command shows that it waits, then the outcome, or the server's error in the user's language (the
 * start that failed or got no answer in time, a reader not connected). Stopping a scan that runs
 * asks first.
 */
export function ReaderCommands({ reader, onDone }: { reader: ReaderView; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<ReaderCommandName>();
  const [mode, setMode] = useState<DeviceMode>(reader.deviceMode);
  const [gpoPort, setGpoPort] = useState(1);
  const [settingPower, setSettingPower] = useState(false);
  const [confirmElement, confirm] = useConfirm();

  /** Sends a command and waits for the reader; throws the server's error. */
  const command = (request: ReaderCommandRequest) => call(API.readers.command, { params: { id: reader.id }, body: request });

  const send = async (request: ReaderCommandRequest) => {
    setRunning(request.command);
    try {
      await command(request);
      showSuccess(t(`readers.command_done_${request.command}`));
      await onDone();
    } catch (err) {
      showError(err);
    } finally {
      setRunning(undefined);
    }
  };
  const stop = async () => {
    if (reader.live.scanning && !(await confirm({ message: t('readers.stop_confirm', { code: reader.code }), intent: 'warning' }))) return;
    await send({ command: 'stop' });
  };
  const busy = running !== undefined;
  const loading = (name: ReaderCommandName) => running === name;

  return (
    <div className="reader-commands" data-testid="reader-commands">
      <div className="command-row">
        <ButtonGroup>
          <Button icon="play" intent="success" text={t('readers.start_scanning')} loading={loading('start')} disabled={busy} onClick={() => void send({ command: 'start' })} data-testid="command-start" />
          <Button icon="stop" intent="danger" text={t('readers.stop_scanning')} loading={loading('stop')} disabled={busy} onClick={() => void stop()} data-testid="command-stop" />
        </ButtonGroup>
        {busy && (
          <span className="command-waiting muted" role="status" data-testid="command-waiting">
            <Spinner size={14} /> {t('readers.command_waiting', { code: reader.code })}
          </span>
        )}
      </div>
      <div className="command-row">
        <ControlGroup>
          <HTMLSelect value={mode} onChange={(e) => setMode(e.target.value as DeviceMode)} aria-label={t('readers.device_mode')} disabled={busy}>
            {DEVICE_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`readers.device_mode_${m}`)}
              </option>
            ))}
          </HTMLSelect>
          <Button text={t('readers.set_mode')} loading={loading('set_mode')} disabled={busy} onClick={() => void send({ command: 'set_mode', mode })} data-testid="command-set-mode" />
        </ControlGroup>
        <Button icon="antenna" text={t('readers.set_power')} disabled={busy} onClick={() => setSettingPower(true)} data-testid="command-set-power" />
      </div>
      <div className="command-row">
        <ControlGroup>
          <HTMLSelect value={gpoPort} onChange={(e) => setGpoPort(Number(e.target.value))} aria-label={t('readers.gpo_port')} disabled={busy}>
            {GPO_PORTS.map((p) => (
              <option key={p} value={p}>
                {t('readers.gpo_n', { port: p })}
              </option>
            ))}
          </HTMLSelect>
          <Button icon="lightbulb" text={t('readers.gpo_on')} loading={loading('set_gpo')} disabled={busy} onClick={() => void send({ command: 'set_gpo', port: gpoPort, state: true })} data-testid="command-gpo-on" />
          <Button text={t('readers.gpo_off')} disabled={busy} onClick={() => void send({ command: 'set_gpo', port: gpoPort, state: false })} data-testid="command-gpo-off" />
        </ControlGroup>
      </div>
      <FormDialog
        isOpen={settingPower}
        mode="edit"
        title={t('readers.set_power_of', { code: reader.code })}
        fields={[{ name: 'antennas', labelKey: 'readers.antennas', type: 'custom', required: true, render: (p) => <AntennaPowerEditor {...p} /> }]}
        schema={antennasOnly}
        initial={{ antennas: reader.antennas }}
        onClose={() => setSettingPower(false)}
        onSubmit={async ({ antennas }) => {
          await command({ command: 'set_power', antennas });
          showSuccess(t('readers.command_done_set_power'));
          await onDone();
        }}
      />
      {confirmElement}
    </div>
  );
}
