import { Button, Callout, Card, FormGroup, HTMLTable, Tag, TextArea } from '@blueprintjs/core';
import { API, LIMITS, P, type TagLookup, type UnlinkTagsRequest } from '@rfid/contracts';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, call } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage, showSuccess, showUndoable } from '../../components/toasts';
import { useAuth } from '../../auth/auth-context';
import { ScanInput } from './ScanInput';

/** A tag the unlink refused: the server names each one in the error's details. */
interface RefusedTag {
  tagCode: string;
  error: string;
}

/** A tag checked and listed, with its place in the order the codes were scanned. */
type ListedTag = TagLookup & { scan: number };

/** Why the unlink failed, naming each tag it refused (else the error's own message). */
function unlinkFailure(t: TFunction, err: unknown): string {
  const refused = err instanceof ApiError && Array.isArray(err.details) ? (err.details as RefusedTag[]).filter((d) => d?.tagCode) : [];
  if (refused.length === 0) return errorMessage(err);
  return refused.map((d) => t('rfid.tag_failed', { tag: d.tagCode, message: t(`errors:${d.error}`) })).join(' · ');
}

/**
 * Unlink RFID: scan or type up to 15 tags, give an optional reason, unlink them all at once. Each code
 * is checked with the server as it is scanned: an unknown or unlinked tag is refused at once, with a
 * message naming it, and each row shows the sample the tag will leave.
 */
export default function UnlinkPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [tags, setTags] = useState<ListedTag[]>([]);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirmElement, confirm] = useConfirm();
  // codes scanned and still being checked: a second scan of one of them is the same tag
  const checking = useRef(new Set<string>());
  // codes scanned so far: the answers come in any order, the rows keep the order of the scans
  const scans = useRef(0);

  const add = async (code: string) => {
    setFailure(undefined);
    if (tags.some((x) => x.code === code) || checking.current.has(code)) {
      setFailure(t('rfid.tag_listed', { tag: code }));
      return;
    }
    if (tags.length + checking.current.size >= LIMITS.UNLINK_MAX) {
      setFailure(t('rfid.unlink_max', { max: LIMITS.UNLINK_MAX }));
      return;
    }
    checking.current.add(code);
    const scan = scans.current++;
    try {
      const tag = await api<TagLookup>(LOOKUPS.tag(code));
      if (tag.state !== 'LINKED') setFailure(t('rfid.tag_not_linked', { tag: tag.code }));
      else setTags((list) => (list.some((x) => x.code === tag.code) ? list : [...list, { ...tag, scan }].sort((a, b) => a.scan - b.scan)));
    } catch (err) {
      setFailure(err instanceof ApiError && err.code === 'NOT_FOUND' ? t('rfid.tag_unknown', { tag: code }) : t('rfid.tag_failed', { tag: code, message: errorMessage(err) }));
    } finally {
      checking.current.delete(code);
    }
  };
  const unlink = async () => {
    if (!(await confirm({ message: t('rfid.unlink_confirm', { count: tags.length }), intent: 'danger' }))) return;
    setBusy(true);
    try {
      const body: UnlinkTagsRequest = { tagCodes: tags.map((x) => x.code), reason: reason.trim() || null };
      const res = await call(API.rfidTags.unlink, { body });
      // taken back from the toast for a moment, by whoever may link: each tag linked again to its sample
      const relinkable = tags.filter((x) => x.sampleId);
      if (can(P.SAMPLE_MANAGEMENT_RFID_LINKING_LINK) && relinkable.length === tags.length)
        showUndoable(t('rfid.unlinked', { count: res.unlinked }), async () => {
          for (const x of relinkable) await call(API.rfidTags.link, { body: { tagCode: x.code, sampleId: x.sampleId! } });
        });
      else showSuccess(t('rfid.unlinked', { count: res.unlinked }));
      setTags([]);
      setReason('');
    } catch (err) {
      setFailure(unlinkFailure(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <PageHeader title={t('menu.unlink')} />
      <Card>
        <ScanInput onCode={(code) => void add(code)} />
        <p className="muted">{t('rfid.unlink_hint', { count: tags.length, max: LIMITS.UNLINK_MAX })}</p>
        {failure && (
          <Callout intent="danger" icon="error" role="alert" className="link-error">
            {failure}
          </Callout>
        )}
        {tags.length > 0 && (
          <HTMLTable compact striped className="unlink-list" data-testid="unlink-list">
            <thead>
              <tr>
                <th>{t('rfid.code')}</th>
                <th>{t('samples.code')}</th>
                <th>{t('samples.name')}</th>
                <th className="actions-col" aria-label={t('list.actions')} />
              </tr>
            </thead>
            <tbody>
              {tags.map((x) => (
                <tr key={x.code} data-tag={x.code}>
                  <td>
                    <Tag minimal>{x.code}</Tag>
                  </td>
                  <td>{x.sampleCode ?? x.product?.code}</td>
                  <td>{x.sampleName}</td>
                  <td className="actions-col">
                    <Button variant="minimal" icon="cross" aria-label={t('common.delete')} onClick={() => setTags((list) => list.filter((y) => y.code !== x.code))} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        <FormGroup label={t('rfid.reason')} labelFor="unlink-reason" className="unlink-reason">
          <TextArea id="unlink-reason" fill rows={2} maxLength={LIMITS.UNLINK_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
        </FormGroup>
        <Button intent="danger" icon="disable" text={t('rfid.unlink')} disabled={tags.length === 0} loading={busy} onClick={() => void unlink()} data-testid="unlink-submit" />
      </Card>
      {confirmElement}
    </div>
  );
}
