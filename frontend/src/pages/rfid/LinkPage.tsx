import { Button, Callout, Card, HTMLTable, InputGroup, Menu, MenuItem, Tag } from '@blueprintjs/core';
import { API, LIMITS, P, type LinkTagRequest, type LinkTagResult, type ListResponse, type SampleLookupItem } from '@rfid/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api, call } from '../../api/client';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../components/toasts';
import { useAuth } from '../../auth/auth-context';
import { invalidCodeAnswer, linkedAnswer, refusedAnswer, type LinkAnswer } from './link-answers';
import { formatDateTime } from '../../i18n/format';
import { ScanInput } from './ScanInput';

/** The sample search asks once typing pauses this long. */
const TYPING_PAUSE_MS = 250;
/** Samples offered by the search, and links kept in "recent links". */
const SEARCH_RESULTS = 10;
const RECENT_LINKS = 20;

/**
 * Link RFID: choose a sample (or come with ?sampleId=…), then scan or type its tag. Made for a
 * keyboard-wedge scanner and no mouse: ArrowDown / ArrowUp walk the samples found, Enter chooses one,
 * and the tag field takes the focus as soon as a sample is chosen, so the first scan lands there; after
 * a link the search takes it back for the next sample. Each link is an event with actor and time.
 */
export default function LinkPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<SampleLookupItem[]>([]);
  const [active, setActive] = useState(0);
  const [searched, setSearched] = useState(false);
  const [sample, setSample] = useState<SampleLookupItem>();
  const [failure, setFailure] = useState<string>();
  /** What the last scan came to: one message at a time, each saying what to do next. */
  const [answer, setAnswer] = useState<LinkAnswer>();
  const { can } = useAuth();
  const [done, setDone] = useState<(LinkTagResult & { at: string })[]>([]);
  const [params] = useSearchParams();
  const searchRef = useRef<HTMLInputElement>(null);

  // Opened from a sample's page (?sampleId=…): that sample is chosen already, the scanner field is next.
  const preset = params.get('sampleId');
  useEffect(() => {
    if (!preset) return;
    api<ListResponse<SampleLookupItem>>(LOOKUPS.samples, { query: { ids: preset } })
      .then(({ data: [s] }) => {
        if (s?.currentTagCode) setFailure(t('rfid.sample_has_tag', { sample: s.sampleCode, tag: s.currentTagCode }));
        else if (s) setSample(s);
      })
      .catch((err) => setFailure(errorMessage(err)));
  }, [preset, t]);

  useEffect(() => {
    const q = query.trim();
    setActive(0);
    if (q.length < LIMITS.SEARCH_MIN) {
      setFound([]);
      setSearched(false);
      return;
    }
    // answers come in any order: only the answer to the query still typed is shown, an earlier one is dropped
    const asking = new AbortController();
    const timer = setTimeout(() => {
      api<ListResponse<SampleLookupItem>>(LOOKUPS.samples, { query: { q, size: SEARCH_RESULTS, linked: false }, signal: asking.signal })
        .then((r) => {
          if (asking.signal.aborted) return;
          setFound(r.data);
          setSearched(true);
        })
        .catch((err) => {
          if (!asking.signal.aborted) setFailure(errorMessage(err));
        });
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      asking.abort();
    };
  }, [query]);

  const choose = (s: SampleLookupItem) => {
    setFailure(undefined);
    setSample(s);
  };
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, Math.min(i + (e.key === 'ArrowDown' ? 1 : -1), found.length - 1)));
    } else if (e.key === 'Enter' && found[active]) {
      e.preventDefault();
      choose(found[active]);
    }
  };

  const link = async (tagCode: string, register = false) => {
    if (!sample) return;
    setFailure(undefined);
    setAnswer(undefined);
    try {
      if (register) await call(API.rfidTags.register, { body: { codes: [tagCode] } });
      const body: LinkTagRequest = { tagCode, sampleId: sample.id };
      const res = await call(API.rfidTags.link, { body });
      setAnswer(linkedAnswer(t, res.tagCode, res.sampleCode));
      setDone((d) => [{ ...res, at: new Date().toISOString() }, ...d].slice(0, RECENT_LINKS));
      setSample(undefined);
      setQuery('');
    } catch (err) {
      const refused = refusedAnswer(t, tagCode, err);
      // registering is offered only to whoever may register tags
      setAnswer(refused.register && !can(P.SAMPLE_MANAGEMENT_RFID_CREATE) ? { ...refused, register: undefined } : refused);
    }
  };
  // the next sample is searched for as soon as this one is linked (or put back)
  useEffect(() => {
    if (!sample) searchRef.current?.focus();
  }, [sample]);

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
              <InputGroup
                inputRef={searchRef}
                leftIcon="search"
                placeholder={t('rfid.sample_search')}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={onSearchKey}
                name="sampleSearch"
                role="combobox"
                aria-label={t('rfid.sample_search')}
                aria-expanded={found.length > 0}
                aria-controls="sample-results"
                aria-activedescendant={found[active] ? `sample-result-${found[active].id}` : undefined}
                autoComplete="off"
                autoFocus
              />
              <Menu className="sample-results" id="sample-results" role="listbox" aria-label={t('rfid.choose_sample')}>
                {found.map((s, i) => (
                  <MenuItem
                    key={s.id}
                    id={`sample-result-${s.id}`}
                    role="option"
                    aria-selected={i === active}
                    active={i === active}
                    text={`${s.sampleCode} — ${s.name}`}
                    label={s.modelName}
                    onClick={() => choose(s)}
                  />
                ))}
                {searched && found.length === 0 && <MenuItem disabled text={t('rfid.no_samples_found')} />}
              </Menu>
            </>
          )}
        </Card>
        <Card>
          <h3>2. {t('rfid.scan_tag')}</h3>
          <ScanInput onCode={(c) => void link(c)} onInvalid={(code, problem) => setAnswer(invalidCodeAnswer(t, code, problem))} disabled={!sample} />
          {(failure || answer) && (
            <Callout intent={failure ? 'danger' : answer!.intent} icon={failure || answer!.intent !== 'success' ? 'error' : 'tick-circle'} className="link-answer" role="alert" data-testid="link-answer">
              {failure ?? answer!.text}
              {!failure && answer?.register && (
                <div>
                  <Button intent="primary" icon="add" text={t('rfid.register_and_link', { tag: answer.register })} onClick={() => void link(answer.register!, true)} data-testid="register-and-link" />
                </div>
              )}
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
