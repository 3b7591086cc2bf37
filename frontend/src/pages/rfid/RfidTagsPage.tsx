import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Icon, InputGroup, Intent, Tag, TextArea, Tooltip } from '@blueprintjs/core';
import { normalizeTagCode, P, tagCodeProblem } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { downloadFile } from '../../api/files';
import { useAuth } from '../../auth/auth-context';
import { useConfirm } from '../../components/ConfirmDialog';
import { ExcelImportDialog } from '../../components/ExcelImportDialog';
import { refreshList } from '../../components/list/list-state';
import { ListPage, type Column } from '../../components/list/ListPage';
import { errorMessage, showError, showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';

const ENDPOINT = '/rfid-tags';

interface TagRow {
  code: string;
  state: 'LINKED' | 'UNLINK' | 'CANCELLED';
  locked: boolean;
  sampleId: string | null;
  sampleCode: string | null;
  container: { name: string | null; box: string | null; cart: string | null } | null;
  sgtin: { companyPrefix: string; itemReference: string; serial: string } | null;
  version: number;
  updatedAt: string;
}

const STATE_INTENT = { LINKED: Intent.PRIMARY, UNLINK: Intent.SUCCESS, CANCELLED: Intent.DANGER } as const;

/** The container / RFID tag list: register (one, a pasted or scanned list, Excel), lock, unlock, cancel. */
export default function RfidTagsPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [registering, setRegistering] = useState(false);
  const [importing, setImporting] = useState(false);
  const [confirmElement, confirm] = useConfirm();

  const act = async (tag: TagRow, action: 'lock' | 'unlock' | 'cancel') => {
    if (!(await confirm({ message: t(`rfid.${action}_confirm`, { code: tag.code }), intent: action === 'unlock' ? Intent.PRIMARY : Intent.DANGER }))) return;
    try {
      await api(`${ENDPOINT}/${tag.code}/${action}`, { method: 'POST' });
      showSuccess(t('common.state_updated'));
      await refreshList(ENDPOINT);
    } catch (err) {
      showError(err);
    }
  };

  const columns: Column<TagRow>[] = [
    { key: 'code', labelKey: 'rfid.code', sortField: 'code', render: (r) => <code className="tag-code">{r.code}</code> },
    {
      key: 'state',
      labelKey: 'rfid.state',
      sortField: 'state',
      render: (r) => (
        <>
          <Tag minimal intent={STATE_INTENT[r.state]}>
            {t(`rfid.state_${r.state}`)}
          </Tag>{' '}
          {r.locked && (
            <Tooltip content={t('rfid.locked')}>
              <Icon icon="lock" intent="warning" />
            </Tooltip>
          )}
        </>
      ),
    },
    { key: 'sampleCode', labelKey: 'samples.code', render: (r) => r.sampleCode ?? '' },
    { key: 'container', labelKey: 'rfid.container', render: (r) => [r.container?.name, r.container?.box, r.container?.cart].filter(Boolean).join(' / ') },
    { key: 'sgtin', labelKey: 'rfid.sgtin', render: (r) => (r.sgtin ? `${r.sgtin.companyPrefix}.${r.sgtin.itemReference}.${r.sgtin.serial}` : '') },
    { key: 'updatedAt', labelKey: 'common.updated_at', sortField: 'updatedAt', render: (r) => formatDateTime(r.updatedAt) },
  ];

  return (
    <>
      <ListPage<TagRow>
        titleKey="menu.rfid_list"
        endpoint={ENDPOINT}
        columns={columns}
        defaultSort="updatedAt:desc"
        rowKey={(r) => r.code}
        filters={[
          { name: 'q', labelKey: 'list.search', type: 'text' },
          { name: 'usage', labelKey: 'rfid.usage', type: 'select', options: ['in-use', 'available'].map((u) => ({ value: u, label: t(`rfid.usage_${u}`) })) },
          { name: 'state', labelKey: 'rfid.state', type: 'select', options: ['LINKED', 'UNLINK', 'CANCELLED'].map((s) => ({ value: s, label: t(`rfid.state_${s}`) })) },
          { name: 'locked', labelKey: 'rfid.locked', type: 'select', options: ['true', 'false'].map((v) => ({ value: v, label: t(`common.${v === 'true' ? 'yes' : 'no'}`) })) },
        ]}
        toolbar={can(P.SAMPLE_MANAGEMENT_RFID_CREATE) && <Button intent="primary" icon="add" text={t('rfid.register')} onClick={() => setRegistering(true)} data-testid="add" />}
        excel={{
          onTemplate: can(P.SAMPLE_MANAGEMENT_RFID_DOWNLOAD) ? () => void downloadFile(`${ENDPOINT}/template`).catch(showError) : undefined,
          onImport: can(P.SAMPLE_MANAGEMENT_RFID_CREATE) ? () => setImporting(true) : undefined,
          onExport: can(P.SAMPLE_MANAGEMENT_RFID_DOWNLOAD)
            ? (query) => void downloadFile(`${ENDPOINT}/export`, { ...query, page: undefined, size: undefined }).catch(showError)
            : undefined,
        }}
        rowActions={(r) => (
          <>
            {!r.locked && can(P.SAMPLE_MANAGEMENT_RFID_LOCK) && (
              <Tooltip content={t('rfid.lock')}>
                <Button icon="lock" aria-label={t('rfid.lock')} onClick={() => void act(r, 'lock')} />
              </Tooltip>
            )}
            {r.locked && can(P.SAMPLE_MANAGEMENT_RFID_UNLOCK) && (
              <Tooltip content={t('rfid.unlock')}>
                <Button icon="unlock" aria-label={t('rfid.unlock')} onClick={() => void act(r, 'unlock')} />
              </Tooltip>
            )}
            {r.state === 'UNLINK' && can(P.SAMPLE_MANAGEMENT_RFID_CREATE) && (
              <Tooltip content={t('rfid.cancel')}>
                <Button icon="disable" aria-label={t('rfid.cancel')} onClick={() => void act(r, 'cancel')} />
              </Tooltip>
            )}
          </>
        )}
      />
      {registering && <RegisterDialog onClose={() => setRegistering(false)} />}
      <ExcelImportDialog isOpen={importing} endpoint={ENDPOINT} onClose={() => setImporting(false)} onImported={() => void refreshList(ENDPOINT)} />
      {confirmElement}
    </>
  );
}

/** Register tags: one per line (typed, pasted, or scanned with a keyboard-wedge reader), with an optional container. */
function RegisterDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [container, setContainer] = useState({ name: '', box: '', cart: '' });
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const codes = text
    .split(/[\n,;]+/)
    .map(normalizeTagCode)
    .filter(Boolean);
  const invalid = codes.filter((c) => tagCodeProblem(c));
  const submit = async () => {
    setProblem(undefined);
    if (codes.length === 0) return setProblem(t('errors:RFID_NOT_BLANK'));
    if (invalid.length) return setProblem(`${t('errors:TAG_NOT_VALID')}: ${invalid.slice(0, 5).join(', ')}`);
    setBusy(true);
    try {
      const c = Object.fromEntries(Object.entries(container).filter(([, v]) => v.trim()));
      const res = await api<{ created: number }>(ENDPOINT, { method: 'POST', body: { codes, container: Object.keys(c).length ? c : undefined } });
      showSuccess(t('rfid.registered', { count: res.created }));
      await refreshList(ENDPOINT);
      onClose();
    } catch (err) {
      const details = (err as { details?: unknown }).details;
      setProblem(`${errorMessage(err)}${Array.isArray(details) ? `: ${details.map((d) => (typeof d === 'string' ? d : ((d as { code?: string }).code ?? ''))).slice(0, 5).join(', ')}` : ''}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('rfid.register')} className="wide-dialog">
      <DialogBody>
        <FormGroup label={t('rfid.codes')} labelFor="tag-codes" helperText={t('rfid.codes_help', { count: codes.length })} intent={problem ? 'danger' : 'none'}>
          <TextArea id="tag-codes" name="codes" fill rows={8} autoFocus value={text} onChange={(e) => setText(e.target.value)} className="tag-code" />
        </FormGroup>
        <div className="three-columns">
          {(['name', 'box', 'cart'] as const).map((k) => (
            <FormGroup key={k} label={t(`rfid.container_${k}`)} labelFor={`container-${k}`}>
              <InputGroup id={`container-${k}`} maxLength={50} value={container[k]} onChange={(e) => setContainer((c) => ({ ...c, [k]: e.target.value }))} />
            </FormGroup>
          ))}
        </div>
        {problem && <p className="field-error">{problem}</p>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button intent="primary" text={t('rfid.register')} loading={busy} onClick={() => void submit()} data-testid="register-submit" />
          </>
        }
      />
    </Dialog>
  );
}
