import { Button, Callout, Card, HTMLTable, InputGroup, Menu, MenuItem, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api/client';
import { errorMessage, showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';
import type { SampleRow } from '../samples/sample-types';
import { ScanInput } from './ScanInput';

interface LinkResult {
  tagCode: string;
  sampleId: string;
  sampleCode: string;
}

/** Link RFID: choose a sample (or come with ?sampleId=…), then scan or type its tag. Each link is an event with actor and time. */
export default function LinkPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<SampleRow[]>([]);
  const [sample, setSample] = useState<SampleRow>();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<(LinkResult & { at: string })[]>([]);
  const [params] = useSearchParams();

  // Opened from a sample's page (?sampleId=…): that sample is chosen already, the scanner field is next.
  const preset = params.get('sampleId');
  useEffect(() => {
    if (!preset) return;
    api<SampleRow>(`/samples/${preset}`)
      .then((s) => !s.currentTagCode && setSample(s))
      .catch(() => undefined);
  }, [preset]);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setFound([]);
      return;
    }
    const timer = setTimeout(() => {
      api<{ data: SampleRow[] }>('/samples', { query: { q, size: 10, linked: false } })
        .then((r) => setFound(r.data))
        .catch(() => setFound([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [query]);

  const link = async (tagCode: string) => {
    if (!sample) return;
    setFailure(undefined);
    try {
      const res = await api<LinkResult>('/rfid-tags/link', { method: 'POST', body: { tagCode, sampleId: sample.id } });
      showSuccess(t('rfid.linked', { tag: res.tagCode, sample: res.sampleCode }));
      setDone((d) => [{ ...res, at: new Date().toISOString() }, ...d].slice(0, 20));
      setSample(undefined);
      setQuery('');
    } catch (err) {
      setFailure(errorMessage(err));
    }
  };

  return (
    <div>
      <div className="page-head">
        <h1>{t('menu.link')}</h1>
      </div>
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
