import { Button, Callout, Card, HTMLTable, InputGroup, Menu, MenuItem, Tag } from '@blueprintjs/core';
import { LIMITS, type LinkTagRequest, type LinkTagResult, type ListResponse, type SampleView } from '@rfid/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage, showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';
import { SAMPLES_ENDPOINT } from '../samples/SampleFormDialog';
import { ScanInput } from './ScanInput';

/** The sample search asks once typing pauses this long. */
const TYPING_PAUSE_MS = 250;
/** Samples offered by the search, and links kept in "recent links". */
const SEARCH_RESULTS = 10;
const RECENT_LINKS = 20;

/** Link RFID: choose a sample (or come with ?sampleId=…), then scan or type its tag. Each link is an event with actor and time. */
export default function LinkPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<SampleView[]>([]);
  const [sample, setSample] = useState<SampleView>();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<(LinkTagResult & { at: string })[]>([]);
  const [params] = useSearchParams();

  // Opened from a sample's page (?sampleId=…): that sample is chosen already, the scanner field is next.
  const preset = params.get('sampleId');
  useEffect(() => {
    if (!preset) return;
    api<SampleView>(`${SAMPLES_ENDPOINT}/${preset}`)
      .then((s) => !s.currentTagCode && setSample(s))
      .catch(() => undefined);
  }, [preset]);

  useEffect(() => {
    const q = query.trim();
    if (q.length < LIMITS.SEARCH_MIN) {
      setFound([]);
      return;
    }
    const timer = setTimeout(() => {
      api<ListResponse<SampleView>>(SAMPLES_ENDPOINT, { query: { q, size: SEARCH_RESULTS, linked: false } })
        .then((r) => setFound(r.data))
        .catch(() => setFound([]));
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const link = async (tagCode: string) => {
    if (!sample) return;
    setFailure(undefined);
    try {
      const body: LinkTagRequest = { tagCode, sampleId: sample.id };
      const res = await api<LinkTagResult>('/rfid-tags/link', { method: 'POST', body });
      showSuccess(t('rfid.linked', { tag: res.tagCode, sample: res.sampleCode }));
      setDone((d) => [{ ...res, at: new Date().toISOString() }, ...d].slice(0, RECENT_LINKS));
      setSample(undefined);
      setQuery('');
    } catch (err) {
      setFailure(errorMessage(err));
    }
  };

  return (
    <div>
      <PageHeader title={t('menu.link')} />
      <div className="two-columns">
        <Card>
          <h3>1. {t('rfid.choose_sample')}</h3>
          {sample ? (
            <Callout intent="primary" icon="cube" className="chosen-sample" data-testid="chosen-sample">
              <strong>{sample.sampleCode}</strong> — {sample.name} · {sample.modelName} · {sample.artNumber}
              <Button variant="minimal" icon="cross" aria-label={t('common.cancel')} onClick={() => setSample(undefined)} />
            </Callout>
          ) : (
            <>
              <InputGroup leftIcon="search" placeholder={t('rfid.sample_search')} value={query} onChange={(e) => setQuery(e.target.value)} name="sampleSearch" />
              <Menu className="sample-results">
                {found.map((s) => (
                  <MenuItem key={s.id} text={`${s.sampleCode} — ${s.name}`} label={s.modelName} onClick={() => setSample(s)} />
                ))}
              </Menu>
            </>
          )}
        </Card>
        <Card>
          <h3>2. {t('rfid.scan_tag')}</h3>
          <ScanInput onCode={(c) => void link(c)} disabled={!sample} />
          {failure && (
            <Callout intent="danger" icon="error" className="link-error" role="alert">
              {failure}
            </Callout>
          )}
        </Card>
      </div>
      {done.length > 0 && (
        <Card className="recent-links">
          <h3>{t('rfid.recent_links')}</h3>
          <HTMLTable compact striped>
            <tbody>
              {done.map((d) => (
                <tr key={`${d.tagCode}-${d.at}`}>
                  <td>{formatDateTime(d.at)}</td>
                  <td>
                    <Tag minimal>{d.tagCode}</Tag>
                  </td>
                  <td>{d.sampleCode}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      )}
    </div>
  );
}
