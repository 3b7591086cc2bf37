import { Button, Callout, Card, FormGroup, HTMLTable, Tag, TextArea } from '@blueprintjs/core';
import { LIMITS, type UnlinkTagsRequest, type UnlinkTagsResult } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage, showSuccess } from '../../components/toasts';
import { ScanInput } from './ScanInput';

/** Unlink RFID: scan or type up to 15 tags, give an optional reason, unlink them all at once. */
export default function UnlinkPage() {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirmElement, confirm] = useConfirm();

  const add = (code: string) => {
    setFailure(undefined);
    if (codes.includes(code)) return;
    if (codes.length >= LIMITS.UNLINK_MAX) {
      setFailure(t('rfid.unlink_max', { max: LIMITS.UNLINK_MAX }));
      return;
    }
    setCodes((c) => [...c, code]);
  };
  const unlink = async () => {
    if (!(await confirm({ message: t('rfid.unlink_confirm', { count: codes.length }), intent: 'danger' }))) return;
    setBusy(true);
    try {
      const body: UnlinkTagsRequest = { tagCodes: codes, reason: reason.trim() || null };
      const res = await api<UnlinkTagsResult>('/rfid-tags/unlink', { method: 'POST', body });
      showSuccess(t('rfid.unlinked', { count: res.unlinked }));
      setCodes([]);
      setReason('');
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <PageHeader title={t('menu.unlink')} />
      <Card>
        <ScanInput onCode={add} />
        <p className="muted">{t('rfid.unlink_hint', { count: codes.length, max: LIMITS.UNLINK_MAX })}</p>
        {failure && (
          <Callout intent="danger" icon="error" role="alert" className="link-error">
            {failure}
          </Callout>
        )}
        {codes.length > 0 && (
          <HTMLTable compact striped className="unlink-list" data-testid="unlink-list">
            <tbody>
              {codes.map((c) => (
                <tr key={c}>
                  <td>
                    <Tag minimal>{c}</Tag>
                  </td>
                  <td className="actions-col">
                    <Button variant="minimal" icon="cross" aria-label={t('common.delete')} onClick={() => setCodes((x) => x.filter((y) => y !== c))} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        <FormGroup label={t('rfid.reason')} labelFor="unlink-reason" className="unlink-reason">
          <TextArea id="unlink-reason" fill rows={2} maxLength={LIMITS.UNLINK_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
        </FormGroup>
        <Button intent="danger" icon="disable" text={t('rfid.unlink')} disabled={codes.length === 0} loading={busy} onClick={() => void unlink()} data-testid="unlink-submit" />
      </Card>
      {confirmElement}
    </div>
  );
}
