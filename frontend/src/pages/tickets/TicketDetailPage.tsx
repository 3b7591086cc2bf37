import { Button, Card, ProgressBar, Tag } from '@blueprintjs/core';
import { apiPath, storableText, TICKET_FIELDS, ticketActionRequest, type ApartTagView, type TicketAction, type TicketDetail, type TicketLineView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import { call } from '../../api/client';
import { usePageTitleDetail } from '../../app/page-title';
import { useAuth } from '../../auth/auth-context';
import { useConfirm } from '../../components/ConfirmDialog';
import { DetailRow } from '../../components/DetailRow';
import { useFieldViews } from '../../components/fields/field-views';
import { FormDialog } from '../../components/FormDialog';
import { DataTable, type Column } from '../../components/list/DataTable';
import { RowAction } from '../../components/list/RowAction';
import { showErrorMessage, showSuccess } from '../../components/toasts';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { PasteEpcsDialog } from './PasteEpcsDialog';
import { TicketFormDialog } from './TicketFormDialog';
import { TicketSourceBadge, TicketStatusBadge } from './TicketBadges';
import { TicketTimeline } from './TicketTimeline';
import { SUPPLIER_ONLY_FIELDS, useTicketScreen } from './ticket-screens';
import { newerTicket, useTicketProgress } from './ticket-progress';
import { RecordPageState } from '../../components/RecordPageState';
import { PageHeader } from '../../components/PageHeader';
import { stepRefusal } from './stock-refusals';
import { TicketNotices } from './TicketNotices';

/** The actions that ask why (kept on the timeline), and those that ask to be sure. */
const ASK_REASON: readonly TicketAction[] = ['cancel', 'rollback'];
const ASK_CONFIRM: readonly TicketAction[] = ['close', 'rollback'];
const ACTION_INTENTS: Partial<Record<TicketAction, 'primary' | 'success' | 'danger' | 'warning'>> = {
  approve: 'success',
  cancel: 'danger',
  close: 'primary',
  rollback: 'danger',
};
/** A step back: outlined, at the far end of the toolbar, away from the way forward and the back link. */
const STEP_BACK: readonly TicketAction[] = ['rollback'];
const ACTION_ICONS = { prepare: 'build', prepared: 'tick', submit: 'send-message', approve: 'endorsed', cancel: 'disable', start: 'play', close: 'lock', rollback: 'undo' } as const;
/** A reason asked for must be given. */
const reasonSchema = ticketActionRequest.extend({ reason: storableText().trim().min(1).max(500) });

/** What a line's bar shows: the tags counted so far in the step the ticket is in (draft while preparing, actual after). */
const countedOf = (ticket: TicketDetail, q: { draft: number; actual: number }) => (ticket.flow === 'NEW' || ticket.flow === 'PREPARING' || ticket.flow === 'PREPARED' ? q.draft : q.actual);

function Progress({ done, planned, testId }: { done: number; planned: number; testId?: string }) {
  const ratio = planned > 0 ? Math.min(done / planned, 1) : 0;
  return (
    <div className="ticket-progress" data-testid={testId}>
      <ProgressBar value={ratio} animate={false} stripes={false} intent={done >= planned && planned > 0 ? 'success' : 'primary'} />
      <span className="muted">{Math.round(ratio * 100)}%</span>
    </div>
  );
}

/**
 * An import or export ticket on its own page (a supplier's and an internal one alike): its fields and
 * status, the steps the signed-in user may take now, scanning, the lines with planned, draft and
 * actual quantities (kept live by the scanning pushes), the tags listed apart, pasted tags, the timeline.
 */
export default function TicketDetailPage() {
  const { id } = useParams<{ id: string }>();
  const { t } = useTranslation();
  const { can } = useAuth();
  const screen = useTicketScreen();
  const key = apiPath(screen.routes.detail, { id: id ?? '' });
  const { data: ticket, error, mutate } = useSWR<TicketDetail>(key);
  useTicketProgress(key, ticket?.id);
  usePageTitleDetail(ticket?.code);
  const [confirmElement, confirm] = useConfirm();
  const [asking, setAsking] = useState<TicketAction>();
  const [pasting, setPasting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<string>();
  const fields = useFieldViews<TicketDetail>(TICKET_FIELDS);

  if (error || !ticket) return <RecordPageState error={error} notFoundKey="tickets.not_found" back={{ to: screen.listPath, labelKey: 'tickets.back_to_list' }} />;

  const mayUpdate = can(screen.permissions.update);
  const scanStep = ticket.flow === 'PREPARING' || ticket.flow === 'DOING';
  // tags apart are decided in the step that listed them, while it lasts (a closed ticket's stay as a record)
  const decidable = mayUpdate && scanStep ? ticket.apart.filter((a) => a.step === ticket.flow) : [];
  /** The ticket as an answer gave it, unless a push has shown a later version meanwhile. */
  const answered = (next: TicketDetail) => mutate((shown) => newerTicket(shown, next), { revalidate: false });
  /** Calls the API; its answer (the ticket as it is now) replaces the one shown, or the ticket is read again. */
  const run = async (what: string, request: () => Promise<TicketDetail | undefined>, done?: string) => {
    setBusy(what);
    try {
      const next = await request();
      await (next ? answered(next) : mutate());
      if (done) showSuccess(done);
    } catch (err) {
      showErrorMessage(stepRefusal(t, ticket.lines, err));
    } finally {
      setBusy(undefined);
    }
  };
  const params = { id: ticket.id };
  /** A step of the flow; approving and cancelling have routes of their own. */
  const flowStep = (action: TicketAction, body: { reason?: string } = {}) =>
    action === 'approve' || action === 'cancel' ? call(screen.routes[action], { params, body }) : call(screen.routes.step, { params: { ...params, action }, body });
  const act = async (action: TicketAction) => {
    // closing with tags set apart and not decided: they are left out of what the ticket moves, said first
    const message = action === 'close' && decidable.length ? t('tickets.confirm_close_with_apart', { code: ticket.code, count: decidable.length }) : t(`tickets.confirm_${action}`, { code: ticket.code });
    if (ASK_CONFIRM.includes(action) && !(await confirm({ message, intent: ACTION_INTENTS[action] }))) return;
    if (ASK_REASON.includes(action)) setAsking(action);
    else await run(action, () => flowStep(action), t('common.state_updated'));
  };
  const stopScanning = async () => {
    if (!(await confirm({ message: t('tickets.confirm_stop_scanning', { code: ticket.code }), intent: 'warning' }))) return;
    await run('scanning', () => call(screen.routes.stopScanning, { params }), t('tickets.scanning_stopped'));
  };
  const decideApart = (decision: 'accept' | 'remove', epcs: string[]) => run(`apart-${decision}`, () => call(screen.routes.apart, { params, body: { decision, epcs } }), t(`tickets.apart_${decision}ed`, { count: epcs.length }));

  const lineColumns: Column<TicketLineView>[] = [
    { key: 'code', labelKey: 'tickets.line_code', width: 140 },
    { key: 'name', labelKey: 'tickets.line_name', render: (l) => l.name ?? '' },
    { key: 'unit', labelKey: 'tickets.unit', render: (l) => l.unit ?? '', width: 80 },
    { key: 'planned', labelKey: 'tickets.planned', render: (l) => formatNumber(l.planned), className: 'num' },
    { key: 'draft', labelKey: 'tickets.draft', render: (l) => <span data-testid="line-draft">{formatNumber(l.draft)}</span>, className: 'num' },
    { key: 'actual', labelKey: 'tickets.actual', render: (l) => <span data-testid="line-actual">{formatNumber(l.actual)}</span>, className: 'num' },
    { key: 'progress', labelKey: 'tickets.progress', render: (l) => <Progress done={countedOf(ticket, l)} planned={l.planned} /> },
  ];
  const apartColumns: Column<ApartTagView>[] = [
    { key: 'epc', labelKey: 'tickets.epc', render: (a) => <code>{a.epc}</code> },
    { key: 'reason', labelKey: 'tickets.apart_reason', render: (a) => t(`tickets.apart_reason_${a.reason}`) },
    { key: 'code', labelKey: 'tickets.line_code', render: (a) => a.code ?? '' },
    { key: 'step', labelKey: 'tickets.step', render: (a) => t(`tickets.step_${a.step}`) },
    { key: 'at', labelKey: 'tickets.seen_at', render: (a) => formatDateTime(a.at) },
  ];

  return (
    <div className="ticket-detail">
      <PageHeader back={{ to: screen.listPath, labelKey: screen.titleKey }} crumb={ticket.code} testId="ticket-title" title={<>{ticket.code} <TicketStatusBadge status={ticket.status} /> <TicketSourceBadge source={ticket.source} /></>} />
      {/* the steps sit under the title, at the left: the toasts (top right) never cover them */}
      <div className="ticket-actions ticket-toolbar" data-testid="ticket-actions">
        {[...ticket.allowedActions].sort((a, b) => Number(STEP_BACK.includes(a)) - Number(STEP_BACK.includes(b))).map((a) => (
          <Button
            key={a}
            className={STEP_BACK.includes(a) ? 'ticket-step-back' : undefined}
            icon={ACTION_ICONS[a]}
            intent={ACTION_INTENTS[a] ?? 'primary'}
            variant={ACTION_INTENTS[a] && !STEP_BACK.includes(a) ? 'solid' : 'outlined'}
            text={t(`tickets.action_${a}`)}
            loading={busy === a}
            disabled={!!busy}
            onClick={() => void act(a)}
            data-action={a}
          />
        ))}
        {mayUpdate && scanStep && !ticket.scanning && (
          <Button icon="feed" text={t('tickets.start_scanning')} loading={busy === 'scanning'} disabled={!!busy} onClick={() => void run('scanning', () => call(screen.routes.startScanning, { params }), t('tickets.scanning_started'))} data-testid="start-scanning" />
        )}
        {mayUpdate && ticket.scanning && (
          <Button icon="stop" intent="warning" text={t('tickets.stop_scanning')} loading={busy === 'scanning'} disabled={!!busy} onClick={() => void stopScanning()} data-testid="stop-scanning" />
        )}
        {mayUpdate && scanStep && <Button icon="clipboard" text={t('tickets.paste_epcs')} onClick={() => setPasting(true)} data-testid="paste-epcs" />}
        {/* a ticket is changed while NEW: once scanned, its lines are what was counted against */}
        {mayUpdate && ticket.flow === 'NEW' && <Button icon="edit" text={t('tickets.edit')} disabled={!!busy} onClick={() => setEditing(true)} data-testid="edit-ticket" />}
      </div>
      <TicketNotices ticket={ticket} />
      <div className="detail-columns">
        <Card>
          <h3>{t('tickets.details')}</h3>
          <dl className="detail-list" data-testid="ticket-details">
            {fields
              .details(ticket)
              .filter((d) => ticket.source === 'SUPPLIER' || !(SUPPLIER_ONLY_FIELDS as readonly string[]).includes(d.key))
              .map((d) => (
                <DetailRow key={d.key} label={d.label}>
                  {d.value}
                </DetailRow>
              ))}
            <DetailRow label={t('tickets.scanning')} testId="ticket-scanning">
              {ticket.scanning ? (
                <Tag intent="success" icon="feed" minimal>
                  {t(`tickets.step_${ticket.scanning.step}`)}
                </Tag>
              ) : (
                t('tickets.not_scanning')
              )}
            </DetailRow>
            <DetailRow label={t('tickets.created_by')}>{ticket.createdBy.name}</DetailRow>
            <DetailRow label={t('common.created_at')}>{formatDateTime(ticket.createdAt)}</DetailRow>
            {ticket.direction === 'EXPORT' && <DetailRow label={t('tickets.approved_by')}>{ticket.approvedBy?.name}</DetailRow>}
            {ticket.direction === 'EXPORT' && <DetailRow label={t('tickets.approved_at')}>{ticket.approvedAt && formatDateTime(ticket.approvedAt)}</DetailRow>}
          </dl>
        </Card>
        <Card>
          <h3>{t('tickets.timeline')}</h3>
          <TicketTimeline entries={ticket.timeline} />
        </Card>
      </div>
      <div className="ticket-sections">
        <Card>
          <h3>{t('tickets.lines')}</h3>
          <div className="ticket-progress-total" data-testid="ticket-totals">
            {t('tickets.totals', {
              planned: formatNumber(ticket.totals.planned),
              draft: formatNumber(ticket.totals.draft),
              actual: formatNumber(ticket.totals.actual),
              apart: formatNumber(ticket.totals.apart),
            })}
            <Progress done={countedOf(ticket, ticket.totals)} planned={ticket.totals.planned} testId="total-progress" />
          </div>
          <div data-testid="ticket-lines">
            <DataTable columns={lineColumns} rows={ticket.lines} rowKey={(l) => l.key} />
          </div>
        </Card>
        <Card data-testid="apart-tags">
          <div className="page-head">
            <h3>{t('tickets.apart', { count: ticket.apart.length })}</h3>
            {decidable.length > 0 && (
              <div className="ticket-actions">
                <Button icon="tick" text={t('tickets.apart_accept_all')} disabled={!!busy} onClick={() => void decideApart('accept', decidable.map((a) => a.epc))} />
                <Button icon="trash" intent="danger" variant="outlined" text={t('tickets.apart_remove_all')} disabled={!!busy} onClick={() => void decideApart('remove', decidable.map((a) => a.epc))} />
              </div>
            )}
          </div>
          {ticket.apart.length === 0 ? (
            <p className="muted">{t('tickets.apart_none')}</p>
          ) : (
            <DataTable
              columns={apartColumns}
              rows={ticket.apart}
              rowKey={(a) => a.epc}
              rowActions={
                decidable.length > 0
                  ? (a) =>
                      a.step === ticket.flow && (
                        <>
                          <RowAction icon="tick" label={t('tickets.apart_accept')} onClick={() => void decideApart('accept', [a.epc])} data-testid="apart-accept" />
                          <RowAction icon="trash" intent="danger" label={t('tickets.apart_remove')} onClick={() => void decideApart('remove', [a.epc])} data-testid="apart-remove" />
                        </>
                      )
                  : undefined
              }
            />
          )}
        </Card>
      </div>
      <FormDialog
        isOpen={!!asking}
        mode="add"
        title={asking ? t(`tickets.reason_title_${asking}`, { code: ticket.code }) : ''}
        fields={[{ name: 'reason', labelKey: 'tickets.reason', type: 'textarea', required: true }]}
        schema={reasonSchema}
        initial={{ reason: '' }}
        onClose={() => setAsking(undefined)}
        onSubmit={async (body) => {
          if (asking) await answered(await flowStep(asking, body));
          showSuccess(t('common.state_updated'));
        }}
      />
      <TicketFormDialog
        screen={screen}
        ticket={ticket}
        isOpen={editing}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setEditing(false);
          void answered(saved);
        }}
      />
      <PasteEpcsDialog isOpen={pasting} screen={screen} ticketId={ticket.id} onClose={() => setPasting(false)} onScanned={() => void mutate()} />
      {confirmElement}
    </div>
  );
}
