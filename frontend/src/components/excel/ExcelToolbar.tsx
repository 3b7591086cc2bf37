import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/files';
import { refreshList, type ListQuery } from '../list/list-state';
import { showError } from '../toasts';
import { ExcelImportDialog } from './ExcelImportDialog';

export interface ExcelToolbarProps {
  /** The list's API path; the files are at `{endpoint}/template`, `{endpoint}/import` and `{endpoint}/export`. */
  endpoint: string;
  /** The list's query: the export holds every row of its filter, not just the page shown. */
  query?: ListQuery;
  /** Shows "Download template". */
  template?: boolean;
  /** Shows "Import Excel" and its dialog; the list is refreshed after an import. */
  import?: boolean;
  /** Shows "Export Excel". */
  export?: boolean;
}

/** The Excel buttons of a list: template, import and export, each shown when the user may use it. */
export function ExcelToolbar(props: ExcelToolbarProps) {
  const { t } = useTranslation();
  const [importing, setImporting] = useState(false);
  const download = (file: 'template' | 'export', query?: ListQuery) => void downloadFile(`${props.endpoint}/${file}`, query).catch(showError);
  return (
    <>
      {props.template && <Button icon="document" text={t('list.template')} onClick={() => download('template')} data-testid="excel-template" />}
      {/* what happens to the file: an import uploads it, an export downloads one */}
      {props.import && <Button icon="upload" text={t('list.import')} onClick={() => setImporting(true)} data-testid="excel-import" />}
      {props.export && (
        <Button icon="download" text={t('list.export')} onClick={() => download('export', { ...props.query, page: undefined, size: undefined })} data-testid="excel-export" />
      )}
      {props.import && (
        <ExcelImportDialog isOpen={importing} endpoint={props.endpoint} onClose={() => setImporting(false)} onImported={() => void refreshList(props.endpoint)} />
      )}
    </>
  );
}
