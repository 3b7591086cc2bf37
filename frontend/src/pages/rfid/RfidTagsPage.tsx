import { Button, Code, Dialog, DialogBody, DialogFooter, FormGroup, Icon, InputGroup, Intent, Spinner, Tag, TextArea, Tooltip } from '@blueprintjs/core';
import { RFID_TAG_COLUMNS, apiPath, API, normalizeTagCode, P, refusedTagCode, TAG_STATES, TAG_USAGES, tagCodeProblem, type RegisterTagsRequest, type RegisterTagsResult, type TagDetail, type TagProduct, type TagState, type TagView } from '@rfid/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { api, ApiError, call } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { AddButton } from '../../components/AddButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { DetailRow } from '../../components/DetailRow';
import { ExcelToolbar } from '../../components/excel/ExcelToolbar';
import { screenColumns } from '../../components/list/screen-columns';
import { refreshList } from '../../components/list/list-state';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { SampleLink } from '../../components/SampleLink';
import { TagLastSeenView } from '../../components/TagLastSeen';
import { errorMessage, showError, showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';
import { enumOptions } from '../../i18n/enum-options';

const ENDPOINT = API.rfidTags.list.path;

const STATE_INTENT: Record<TagState, Intent> = { LINKED: Intent.PRIMARY, UNLINK: Intent.SUCCESS, CANCELLED: Intent.DANGER };

/** The RFID tag list: register (one, a pasted or scanned list, Excel), lock, unlock, cancel. */
export default function RfidTagsPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [registering, setRegistering] = useState(false);
  const [openCode, setOpenCode] = useState<string>();
  const [confirmElement, confirm] = useConfirm();

  const act = async (tag: TagView, action: 'lock' | 'unlock' | 'cancel') => {
    if (!(await confirm({ message: t(`rfid.${action}_confirm`, { code: tag.code }), intent: action === 'unlock' ? Intent.PRIMARY : Intent.DANGER }))) return;
    try {
      await call(API.rfidTags[action], { params: { code: tag.code } });
      showSuccess(t('common.state_updated'));
      await refreshList(ENDPOINT);
    } catch (err) {
      showError(err);
    }
  };

  const columns = screenColumns<TagView, typeof RFID_TAG_COLUMNS>(RFID_TAG_COLUMNS, {
    code: { render: (r) => <code className="tag-code">{r.code}</code> },
    state: {
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
    sampleCode: { render: (r) => <SampleLink id={r.sampleId} code={r.sampleCode} /> },
    product: { render: (r) => productOfTag(t, r.product) },
    container: { render: (r) => [r.container?.name, r.container?.box, r.container?.cart].filter(Boolean).join(' / ') },
    sgtin: { render: (r) => (r.sgtin ? `${r.sgtin.companyPrefix}.${r.sgtin.itemReference}.${r.sgtin.serial}` : '') },
    updatedAt: { render: (r) => formatDateTime(r.updatedAt) },
  });

  return (
    <>
      <ListPage<TagView>
        route={API.rfidTags.list}
        columns={columns}
        rowKey={(r) => r.code}
        onRowClick={can(P.SAMPLE_MANAGEMENT_RFID_DETAIL) ? (r) => setOpenCode(r.code) : undefined}
        filters={[
          { name: 'q', labelKey: 'list.search', type: 'text' },
          { name: 'usage', labelKey: 'rfid.usage', type: 'select', options: enumOptions(t, Object.keys(TAG_USAGES), 'rfid.usage') },
          { name: 'state', labelKey: 'rfid.state', type: 'select', options: enumOptions(t, TAG_STATES, 'rfid.state') },
          { name: 'locked', labelKey: 'rfid.locked', type: 'select', options: ['true', 'false'].map((v) => ({ value: v, label: t(`common.${v === 'true' ? 'yes' : 'no'}`) })) },
        ]}
        actions={(query) => (
          <>
            <ExcelToolbar
              list={API.rfidTags.list}
              query={query}
              template={can(P.SAMPLE_MANAGEMENT_RFID_DOWNLOAD) && API.rfidTags.template}
              import={can(P.SAMPLE_MANAGEMENT_RFID_CREATE) && API.rfidTags.import}
              export={can(P.SAMPLE_MANAGEMENT_RFID_DOWNLOAD) && API.rfidTags.export}
            />
            <AddButton permission={P.SAMPLE_MANAGEMENT_RFID_CREATE} text={t('rfid.register')} onClick={() => setRegistering(true)} />
          </>
        )}
        rowActions={(r) => (
          <>
            <RowAction icon="eye-open" label={t('common.view')} permission={P.SAMPLE_MANAGEMENT_RFID_DETAIL} onClick={() => setOpenCode(r.code)} data-testid="view-tag" />
            {!r.locked && <RowAction icon="lock" label={t('rfid.lock')} permission={P.SAMPLE_MANAGEMENT_RFID_LOCK} onClick={() => void act(r, 'lock')} />}
            {r.locked && <RowAction icon="unlock" label={t('rfid.unlock')} permission={P.SAMPLE_MANAGEMENT_RFID_UNLOCK} onClick={() => void act(r, 'unlock')} />}
            {r.state === 'UNLINK' && <RowAction icon="disable" label={t('rfid.cancel')} permission={P.SAMPLE_MANAGEMENT_RFID_CREATE} onClick={() => void act(r, 'cancel')} />}
          </>
        )}
      />
      {registering && <RegisterDialog onClose={() => setRegistering(false)} />}
      <TagDetailDialog code={openCode} onClose={() => setOpenCode(undefined)} />
      {confirmElement}
    </>
  );
}

/** One tag (SAMPLE_MANAGEMENT_RFID_DETAIL): its state, its sample, its container, its SGTIN-96 decoding, and where a reader last saw it. */
function TagDetailDialog({ code, onClose }: { code: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: tag } = useSWR<TagDetail>(code ? apiPath(API.rfidTags.detail, { code }) : null);
  return (
    <Dialog isOpen={code !== undefined} onClose={onClose} title={t('rfid.detail', { code: code ?? '' })} className="wide-dialog">
      <DialogBody>
        {!tag ? (
          <Spinner size={24} />
        ) : (
          <dl className="detail-list" data-testid="tag-detail">
            <DetailRow label={t('rfid.code')}>
              <code className="tag-code">{tag.code}</code>
            </DetailRow>
            <DetailRow label={t('rfid.state')}>
              <Tag minimal intent={STATE_INTENT[tag.state]}>
                {t(`rfid.state_${tag.state}`)}
              </Tag>{' '}
              {tag.locked && <Tag intent="warning" icon="lock">{t('rfid.locked')}</Tag>}
            </DetailRow>
            <DetailRow label={t('samples.code')}>
              <SampleLink id={tag.sampleId} code={tag.sampleCode} />
            </DetailRow>
            <DetailRow label={t('products.product')}>{productOfTag(t, tag.product)}</DetailRow>
            <DetailRow label={t('rfid.container')}>{[tag.container?.name, tag.container?.box, tag.container?.cart].filter(Boolean).join(' / ')}</DetailRow>
            <DetailRow label={t('rfid.last_seen')}>
              <TagLastSeenView seen={tag.lastSeen} />
            </DetailRow>
            {tag.sgtin && (
              <DetailRow label={t('rfid.sgtin')}>
                <Code>{tag.sgtin.uri}</Code>
              </DetailRow>
            )}
            <DetailRow label={t('common.created_at')}>{formatDateTime(tag.createdAt)}</DetailRow>
            <DetailRow label={t('common.updated_at')}>{formatDateTime(tag.updatedAt)}</DetailRow>
          </dl>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('common.close')} onClick={onClose} />} />
    </Dialog>
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

/** The product a tag is linked to, as a list reads it: its code, and "box tag" for a BOX tag. */
function productOfTag(t: TFunction, product: TagProduct | undefined): string {
  if (!product) return '';
  return product.box ? `${product.code} · ${t('products.box_tag')}` : product.code;
}
