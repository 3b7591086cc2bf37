import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, TextArea } from '@blueprintjs/core';
import type { TicketScansResult } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { showError } from '../../components/toasts';
import { formatNumber } from '../../i18n/format';

/** The EPCs of a pasted text or an uploaded file: one a line (a CSV's cells and spaces separate them too), blanks dropped. */
export function epcsOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.replace(/^"|"$/g, '').trim())
    .filter(Boolean);
}

/**
 * Tags scanned elsewhere (a handheld's export, a list in a file): pasted one a line or read from a
 * .txt / .csv file, sent to the ticket, and the answer shown: how many counted, listed apart,
 * already seen, and the codes that are not EPCs.
 */
export function PasteEpcsDialog(props: { isOpen: boolean; endpoint: string; onClose: () => void; onScanned: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string>();
  const [result, setResult] = useState<TicketScansResult>();
  const [busy, setBusy] = useState(false);
  const epcs = epcsOf(text);

  const close = () => {
    setText('');
    setFileName(undefined);
    setResult(undefined);
    props.onClose();
  };
  const send = async () => {
    setBusy(true);
    try {
      setResult(await api<TicketScansResult>(`${props.endpoint}/scans`, { method: 'POST', body: { epcs } }));
      setText('');
      setFileName(undefined);
      props.onScanned();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen={props.isOpen} onClose={close} title={t('tickets.paste_title')} canOutsideClickClose={false}>
      <DialogBody>
        <FormGroup label={t('tickets.paste_label')} labelFor="paste-epcs" helperText={t('tickets.paste_count', { count: epcs.length })}>
          <TextArea id="paste-epcs" name="epcs" fill rows={8} value={text} onChange={(e) => setText(e.target.value)} autoFocus className="code-text" />
        </FormGroup>
        <FormGroup label={t('tickets.paste_file')} labelFor="paste-file">
          <FileInput
            fill
            text={fileName ?? t('tickets.paste_file_choose')}
            buttonText={t('tickets.paste_file_browse')}
            inputProps={{ id: 'paste-file', name: 'file', accept: '.txt,.csv,text/plain,text/csv' }}
            onInputChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (!file) return;
              setFileName(file.name);
              void file.text().then((content) => setText((prev) => (prev.trim() ? `${prev.trimEnd()}\n${content}` : content)));
            }}
          />
        </FormGroup>
        {result && (
          <Callout intent={result.invalid.length ? 'warning' : 'success'} title={t('tickets.paste_result')} data-testid="scan-result">
            <dl className="scan-result">
              <dt>{t('tickets.scan_counted')}</dt>
              <dd data-testid="scan-counted">{formatNumber(result.counted)}</dd>
              <dt>{t('tickets.scan_apart')}</dt>
              <dd data-testid="scan-apart">{formatNumber(result.apart)}</dd>
              <dt>{t('tickets.scan_repeated')}</dt>
              <dd data-testid="scan-repeated">{formatNumber(result.repeated)}</dd>
              <dt>{t('tickets.scan_invalid')}</dt>
              <dd data-testid="scan-invalid">{result.invalid.length ? result.invalid.join(', ') : formatNumber(0)}</dd>
            </dl>
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.close')} onClick={close} data-testid="paste-close" />
            <Button intent="primary" text={t('tickets.paste_send')} disabled={epcs.length === 0} loading={busy} onClick={() => void send()} data-testid="paste-send" />
          </>
        }
      />
    </Dialog>
  );
}
