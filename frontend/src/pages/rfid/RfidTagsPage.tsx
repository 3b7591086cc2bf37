import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Icon, InputGroup, Intent, Tag, TextArea, Tooltip } from '@blueprintjs/core';
import {
  normalizeTagCode,
  P,
  refusedTagCode,
  TAG_STATES,
  TAG_USAGES,
  tagCodeProblem,
  type RegisterTagsRequest,
  type RegisterTagsResult,
  type TagState,
  type TagView,
} from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { AddButton } from '../../components/AddButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { ExcelToolbar } from '../../components/excel/ExcelToolbar';
import type { Column } from '../../components/list/DataTable';
import { refreshList } from '../../components/list/list-state';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { SampleLink } from '../../components/SampleLink';
import { errorMessage, showError, showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';

const ENDPOINT = '/rfid-tags';

const STATE_INTENT: Record<TagState, Intent> = { LINKED: Intent.PRIMARY, UNLINK: Intent.SUCCESS, CANCELLED: Intent.DANGER };

/** The RFID tag list: register (one, a pasted or scanned list, Excel), lock, unlock, cancel. */
export default function RfidTagsPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [registering, setRegistering] = useState(false);
  const [confirmElement, confirm] = useConfirm();

  const act = async (tag: TagView, action: 'lock' | 'unlock' | 'cancel') => {
    if (!(await confirm({ message: t(`rfid.${action}_confirm`, { code: tag.code }), intent: action === 'unlock' ? Intent.PRIMARY : Intent.DANGER }))) return;
    try {
      await api(`${ENDPOINT}/${tag.code}/${action}`, { method: 'POST' });
      showSuccess(t('common.state_updated'));
      await refreshList(ENDPOINT);
    } catch (err) {
      showError(err);
    }
  };

  const columns: Column<TagView>[] = [
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
    { key: 'sampleCode', labelKey: 'samples.code', render: (r) => <SampleLink id={r.sampleId} code={r.sampleCode} /> },
    { key: 'container', labelKey: 'rfid.container', render: (r) => [r.container?.name, r.container?.box, r.container?.cart].filter(Boolean).join(' / ') },
    { key: 'sgtin', labelKey: 'rfid.sgtin', render: (r) => (r.sgtin ? `${r.sgtin.companyPrefix}.${r.sgtin.itemReference}.${r.sgtin.serial}` : '') },
    { key: 'updatedAt', labelKey: 'common.updated_at', sortField: 'updatedAt', render: (r) => formatDateTime(r.updatedAt) },
  ];

  return (
    <>
      <ListPage<TagView>
        titleKey="menu.rfid_list"
        endpoint={ENDPOINT}
        columns={columns}
        defaultSort="updatedAt:desc"
        rowKey={(r) => r.code}
        filters={[
          { name: 'q', labelKey: 'list.search', type: 'text' },
          { name: 'usage', labelKey: 'rfid.usage', type: 'select', options: Object.keys(TAG_USAGES).map((u) => ({ value: u, label: t(`rfid.usage_${u}`) })) },
          { name: 'state', labelKey: 'rfid.state', type: 'select', options: TAG_STATES.map((s) => ({ value: s, label: t(`rfid.state_${s}`) })) },
          { name: 'locked', labelKey: 'rfid.locked', type: 'select', options: ['true', 'false'].map((v) => ({ value: v, label: t(`common.${v === 'true' ? 'yes' : 'no'}`) })) },
        ]}
        actions={(query) => (
          <>
            <ExcelToolbar
              endpoint={ENDPOINT}
              query={query}
              template={can(P.SAMPLE_MANAGEMENT_RFID_DOWNLOAD)}
              import={can(P.SAMPLE_MANAGEMENT_RFID_CREATE)}
              export={can(P.SAMPLE_MANAGEMENT_RFID_DOWNLOAD)}
            />
            <AddButton permission={P.SAMPLE_MANAGEMENT_RFID_CREATE} text={t('rfid.register')} onClick={() => setRegistering(true)} />
          </>
        )}
        rowActions={(r) => (
          <>
            {!r.locked && <RowAction icon="lock" label={t('rfid.lock')} permission={P.SAMPLE_MANAGEMENT_RFID_LOCK} onClick={() => void act(r, 'lock')} />}
            {r.locked && <RowAction icon="unlock" label={t('rfid.unlock')} permission={P.SAMPLE_MANAGEMENT_RFID_UNLOCK} onClick={() => void act(r, 'unlock')} />}
            {r.state === 'UNLINK' && <RowAction icon="disable" label={t('rfid.cancel')} permission={P.SAMPLE_MANAGEMENT_RFID_CREATE} onClick={() => void act(r, 'cancel')} />}
          </>
        )}
      />
      {registering && <RegisterDialog onClose={() => setRegistering(false)} />}
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
      const parts = { name: container.name.trim() || null, box: container.box.trim() || null, cart: container.cart.trim() || null };
      const body: RegisterTagsRequest = { codes, container: Object.values(parts).some(Boolean) ? parts : undefined };
      const res = await api<RegisterTagsResult>(ENDPOINT, { method: 'POST', body });
      showSuccess(t('rfid.registered', { count: res.created }));
      await refreshList(ENDPOINT);
      onClose();
    } catch (err) {
      const refused = refusedTagCode.array().min(1).safeParse(err instanceof ApiError ? err.details : undefined);
      setProblem(refused.success ? `${errorMessage(err)}: ${refused.data.slice(0, 5).map((d) => d.code).join(', ')}` : errorMessage(err));
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
