import { Button } from '@blueprintjs/core';
import { apiPath, type ApiRoute } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/files';
import { refreshList, type ListQuery } from '../list/list-state';
import { showError } from '../toasts';
import { ExcelImportDialog } from './ExcelImportDialog';

/** A button's route of the API table; false or absent: the button is not shown (the user may not use it). */
type FileRoute = ApiRoute | false;

export interface ExcelToolbarProps {
  /** The list's query: the export holds every row of its filter, not just the page shown. */
  query?: ListQuery;
  /** "Download template". */
  template?: FileRoute;
  /** "Import Excel" and its dialog; the list (`list`) is read again after an import. */
  import?: FileRoute;
  list?: ApiRoute;
  /** "Export Excel". */
  export?: FileRoute;
}

/** The Excel buttons of a list: template, import and export, each shown when the user may use it. */
export function ExcelToolbar(props: ExcelToolbarProps) {
  const { t } = useTranslation();
  const [importing, setImporting] = useState(false);
  const download = (route: ApiRoute, query?: ListQuery) => void downloadFile(apiPath(route), query).catch(showError);
  const { template, import: importRoute, export: exportRoute, list } = props;
  return (
    <>
      {template && <Button icon="document" text={t('list.template')} onClick={() => download(template)} data-testid="excel-template" />}
      {/* what happens to the file: an import uploads it, an export downloads one */}
      {importRoute && <Button icon="upload" text={t('list.import')} onClick={() => setImporting(true)} data-testid="excel-import" />}
      {exportRoute && (
        <Button icon="download" text={t('list.export')} onClick={() => download(exportRoute, { ...props.query, page: undefined, size: undefined })} data-testid="excel-export" />
      )}
      {importRoute && (
        <ExcelImportDialog isOpen={importing} route={importRoute} onClose={() => setImporting(false)} onImported={() => void (list && refreshList(list.path))} />
      )}
    </>
  );
}
