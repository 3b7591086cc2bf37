import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable, ProgressBar } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { uploadFile } from '../api/files';
import { errorMessage, showSuccess } from './toasts';

interface DuplicateCode {
  sampleCode: string;
  rows: number[];
}

interface RowError {
  row: number;
  column: string;
  code: string;
  message: string;
}

/**
 * Excel import: choose a file, upload with progress, then either the count created or every wrong
 * row with its column and reason (nothing is written when any row is wrong).
 */
export function ExcelImportDialog({ isOpen, endpoint, onClose, onImported }: { isOpen: boolean; endpoint: string; onClose: () => void; onImported: () => void }) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File>();
  const [progress, setProgress] = useState<number>();
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [failure, setFailure] = useState<string>();
  const [duplicates, setDuplicates] = useState<DuplicateCode[]>([]);

  const close = () => {
    setFile(undefined);
    setProgress(undefined);
    setRowErrors([]);
    setFailure(undefined);
    setDuplicates([]);
    onClose();
  };

  // Repeated codes inside the file are listed first and removed only once the user agrees (SPEC.md §5).
  const submit = async (removeDuplicates = false) => {
    if (!file) return;
    setRowErrors([]);
    setFailure(undefined);
    setDuplicates([]);
    setProgress(0);
    try {
      const res = await uploadFile<{ created: number }>(`${endpoint}/import${removeDuplicates ? '?removeDuplicates=true' : ''}`, file, setProgress);
      showSuccess(t('excel.imported', { count: res.created }));
      onImported();
      close();
    } catch (err) {
      setProgress(undefined);
      if (err instanceof ApiError && err.code === 'SAMPLE_EXISTS_IN_FILE' && Array.isArray(err.details)) {
        setDuplicates(err.details as DuplicateCode[]);
      } else if (err instanceof ApiError && Array.isArray(err.details) && (err.details as RowError[])[0]?.row !== undefined) {
        setRowErrors(err.details as RowError[]);
      } else {
        setFailure(errorMessage(err));
      }
    }
  };

  const reason = (e: RowError) => (i18n.exists(`errors:${e.code}`) && e.code !== 'BAD_REQUEST_ERROR' ? t(`errors:${e.code}`) : e.message);
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
        {progress !== undefined && (
          <div className="import-progress">
            <ProgressBar value={progress < 1 ? progress : undefined} intent="primary" />
            <span className="muted">{progress < 1 ? t('excel.uploading', { percent: Math.round(progress * 100) }) : t('excel.checking')}</span>
          </div>
        )}
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
          <Callout intent="danger" icon="error" className="import-result" title={t('excel.rows_wrong', { count: rowErrors.length })}>
            <HTMLTable compact striped className="import-errors" data-testid="import-errors">
              <thead>
                <tr>
                  <th>{t('excel.row')}</th>
                  <th>{t('excel.column')}</th>
                  <th>{t('excel.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {rowErrors.slice(0, 200).map((e, i) => (
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
            <Button intent="primary" icon="import" text={t('excel.import')} disabled={!file || progress !== undefined} loading={progress !== undefined} onClick={() => void submit()} data-testid="import-submit" />
          </>
        }
      />
    </Dialog>
  );
}
