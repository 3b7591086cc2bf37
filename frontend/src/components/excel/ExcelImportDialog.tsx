import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable, ProgressBar } from '@blueprintjs/core';
import {
  apiPath,
  type ApiRoute,
  duplicateSampleCode,
  IMPORT_PROGRESS_HEADER,
  importRowError,
  REALTIME_EVENTS,
  type DuplicateSampleCode,
  type ImportProgress,
  type ImportResult,
  type ImportRowError,
} from '@rfid/contracts';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, withQuery } from '../../api/client';
import { uploadFile } from '../../api/files';
import { usePush } from '../../app/realtime';
import { errorMessage, showSuccess } from '../toasts';

/** Where an import is: the upload (fraction sent), then the server's phases as it pushes them. */
type Stage = { phase: 'uploading'; done: number; total: number } | ImportProgress;

/** An id for this upload's progress pushes (randomUUID needs a secure context, which a LAN address is not). */
const newProgressId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

function stageText(t: (key: string, params?: Record<string, unknown>) => string, stage: Stage): { text: string; fraction: number | undefined } {
  const fraction = stage.total > 0 ? stage.done / stage.total : undefined;
  const percent = Math.round((fraction ?? 0) * 100);
  switch (stage.phase) {
    case 'uploading':
      return fraction !== undefined && fraction < 1 ? { text: t('excel.uploading', { percent }), fraction } : { text: t('excel.checking'), fraction: undefined };
    case 'reading':
      return { text: t('excel.reading', { percent }), fraction };
    case 'checking':
      return { text: t('excel.checking_rows', { done: stage.done, total: stage.total }), fraction };
    case 'writing':
      return { text: t('excel.writing', { done: stage.done, total: stage.total }), fraction };
  }
}

/**
 * Excel import: choose a file, upload it, follow the server's progress (reading, checking, writing:
 * pushed over socket.io), then either the count created or every wrong row with its column and reason
 * (nothing is written when any row is wrong).
 */
export function ExcelImportDialog({ isOpen, route, onClose, onImported }: { isOpen: boolean; route: ApiRoute; onClose: () => void; onImported: () => void }) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File>();
  const [stage, setStage] = useState<Stage>();
  const progressId = useRef<string>(undefined);
  const onPush = useCallback((p: ImportProgress) => {
    if (p.progressId === progressId.current) setStage(p);
  }, []);
  usePush(REALTIME_EVENTS.IMPORT_PROGRESS, onPush);
  const [rowErrors, setRowErrors] = useState<ImportRowError[]>([]);
  // How many wrong cells the file has: the answer lists only the first ones.
  const [rowErrorTotal, setRowErrorTotal] = useState(0);
  const [failure, setFailure] = useState<string>();
  const [duplicates, setDuplicates] = useState<DuplicateSampleCode[]>([]);

  const close = () => {
    setFile(undefined);
    progressId.current = undefined;
    setStage(undefined);
    setRowErrors([]);
    setFailure(undefined);
    setDuplicates([]);
    onClose();
  };

  // Codes repeated inside the file are listed first; the repeats are removed only once the user agrees.
  const submit = async (removeDuplicates = false) => {
    if (!file) return;
    setRowErrors([]);
    setFailure(undefined);
    setDuplicates([]);
    progressId.current = newProgressId();
    setStage({ phase: 'uploading', done: 0, total: file.size });
    // Pushes of the server's phases replace the upload's stage; a late upload event must not undo them.
    const uploaded = (fraction: number) => setStage((s) => (s?.phase === 'uploading' ? { phase: 'uploading', done: fraction * file.size, total: file.size } : s));
    try {
      const res = await uploadFile<ImportResult>(withQuery(apiPath(route), { removeDuplicates: removeDuplicates || undefined }), file, uploaded, {
        [IMPORT_PROGRESS_HEADER]: progressId.current,
      });
      showSuccess(t('excel.imported', { count: res.created }));
      onImported();
      close();
    } catch (err) {
      progressId.current = undefined;
      setStage(undefined);
      const details = err instanceof ApiError ? err.details : undefined;
      const repeated = duplicateSampleCode.array().safeParse(details);
      const wrongRows = importRowError.array().min(1).safeParse(details);
      if (err instanceof ApiError && err.code === 'SAMPLE_EXISTS_IN_FILE' && repeated.success) setDuplicates(repeated.data);
      else if (wrongRows.success) {
        setRowErrors(wrongRows.data);
        setRowErrorTotal((err as ApiError).detailsTotal ?? wrongRows.data.length);
      }
      else setFailure(errorMessage(err));
    }
  };

  const reason = (e: ImportRowError) => (i18n.exists(`errors:${e.code}`) && e.code !== 'BAD_REQUEST_ERROR' ? t(`errors:${e.code}`) : e.message);
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('excel.import_title')} className="wide-dialog">
      <DialogBody>
        <FileInput
          fill
          text={file?.name ?? t('excel.choose_file')}
          buttonText={t('excel.browse')}
          inputProps={{ accept: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', name: 'file' }}
          onInputChange={(e) => {
            setFile((e.target as HTMLInputElement).files?.[0]);
            setRowErrors([]);
            setFailure(undefined);
          }}
        />
        {stage && <ImportStage stage={stage} />}
        {failure && (
          <Callout intent="danger" icon="error" className="import-result">
            {failure}
          </Callout>
        )}
        {duplicates.length > 0 && (
          <Callout intent="warning" icon="duplicate" className="import-result" title={t('excel.duplicates_title')} data-testid="import-duplicates">
            <p>{t('excel.duplicates_text')}</p>
            <HTMLTable compact striped>
              <tbody>
                {duplicates.slice(0, 100).map((d) => (
                  <tr key={d.sampleCode}>
                    <td>{d.sampleCode}</td>
                    <td>
                      {t('excel.row')} {d.rows.join(', ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <Button intent="warning" text={t('excel.remove_and_import')} onClick={() => void submit(true)} data-testid="remove-duplicates" />
          </Callout>
        )}
        {rowErrors.length > 0 && (
          <Callout intent="danger" icon="error" className="import-result" title={t('excel.rows_wrong', { count: rowErrorTotal })}>
            {rowErrorTotal > rowErrors.length && <p data-testid="import-errors-shown">{t('excel.errors_shown', { shown: rowErrors.length, total: rowErrorTotal })}</p>}
            <HTMLTable compact striped className="import-errors" data-testid="import-errors">
              <thead>
                <tr>
                  <th>{t('excel.row')}</th>
                  <th>{t('excel.column')}</th>
                  <th>{t('excel.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {rowErrors.map((e, i) => (
                  <tr key={i}>
                    <td>{e.row}</td>
                    <td>{e.column}</td>
                    <td>{reason(e)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.close')} onClick={close} />
            <Button intent="primary" icon="import" text={t('excel.import')} disabled={!file || !!stage} loading={!!stage} onClick={() => void submit()} data-testid="import-submit" />
          </>
        }
      />
    </Dialog>
  );
}

function ImportStage({ stage }: { stage: Stage }) {
  const { t } = useTranslation();
  const { text, fraction } = stageText(t, stage);
  return (
    <div className="import-progress" data-testid="import-progress" data-phase={stage.phase}>
      <ProgressBar value={fraction} intent="primary" />
      <span className="muted" aria-live="polite">
        {text}
      </span>
    </div>
  );
}
