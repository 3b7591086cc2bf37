import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, TextArea } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format';
import { showError } from './toasts';
import { useDiscardGuard } from './unsaved-changes';

/** The EPCs of a pasted text or an uploaded file: one a line (a CSV's cells and spaces separate them too), blanks dropped. */
export function epcsOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.replace(/^"|"$/g, '').trim())
    .filter(Boolean);
}

/** The server's answer to the tags sent: how many counted, listed apart (a ticket's), already counted, and the codes that are not EPCs. */
export interface EpcsAnswer {
  counted: number;
  apart?: number;
  repeated: number;
  invalid: string[];
}

/** The figures of an answer, each with its label and test id; the tags apart only where the record lists any apart. */
function answerRows(answer: EpcsAnswer): { labelKey: string; value: ReactNode; testId: string }[] {
  return [
    { labelKey: 'tickets.scan_counted', value: formatNumber(answer.counted), testId: 'scan-counted' },
    ...(answer.apart === undefined ? [] : [{ labelKey: 'tickets.scan_apart', value: formatNumber(answer.apart), testId: 'scan-apart' }]),
    { labelKey: 'tickets.scan_repeated', value: formatNumber(answer.repeated), testId: 'scan-repeated' },
    { labelKey: 'tickets.scan_invalid', value: invalidCodes(answer.invalid, formatNumber(0)), testId: 'scan-invalid' },
  ];
}

/**
 * Tags scanned elsewhere (a handheld's export, a list in a file): pasted one a line or read from a
 * .txt / .csv file, sent with `send`, and the answer shown (a warning when some codes were refused). `children` are the dialog's own choices
 * (where the tags were counted), shown above the text.
 */
export function EpcsDialog(props: { isOpen: boolean; title: string; onClose: () => void; send: (epcs: string[]) => Promise<EpcsAnswer>; children?: ReactNode }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string>();
  const [answer, setAnswer] = useState<EpcsAnswer>();
  const [busy, setBusy] = useState(false);
  const epcs = epcsOf(text);

  // codes typed or a file chosen and not sent: closing asks first
  const [askDialog, guard] = useDiscardGuard(props.isOpen && !busy && (text.trim() !== '' || !!fileName));
  const close = () =>
    guard(() => {
      setText('');
      setFileName(undefined);
      setAnswer(undefined);
      props.onClose();
    });
  const send = async () => {
    setBusy(true);
    try {
      setAnswer(await props.send(epcs));
      setText('');
      setFileName(undefined);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Dialog isOpen={props.isOpen} onClose={() => void close()} title={props.title} canOutsideClickClose={false}>
        <DialogBody>
          {props.children}
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
          {answer && (
            <Callout intent={answer.invalid.length > 0 ? 'warning' : 'success'} title={t('tickets.paste_result')} data-testid="scan-result">
              <dl className="scan-result">
                {answerRows(answer).map((row) => [
                  <dt key={`${row.testId}-label`}>{t(row.labelKey)}</dt>,
                  <dd key={row.testId} data-testid={row.testId}>
                    {row.value}
                  </dd>,
                ])}
              </dl>
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('common.close')} onClick={() => void close()} data-testid="paste-close" />
              <Button intent="primary" text={t('tickets.paste_send')} disabled={epcs.length === 0} loading={busy} onClick={() => void send()} data-testid="paste-send" />
            </>
          }
        />
      </Dialog>
      {askDialog}
    </>
  );
}

/** Codes the server refused as EPCs, listed; none: 0. */
export const invalidCodes = (invalid: readonly string[], zero: string): string => (invalid.length ? invalid.join(', ') : zero);
