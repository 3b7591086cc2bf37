import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../components/toasts';

/** What the linking page says after a scan: one message, what to do next, and the action it offers (registering an unknown tag). */
export interface LinkAnswer {
  intent: 'success' | 'danger' | 'warning';
  text: string;
  /** A tag nobody registered: the page offers to register it and link it at once. */
  register?: string;
}

/** The page's answer to a link made: done, and the next sample is searched for. */
export function linkedAnswer(t: TFunction, tag: string, sample: string): LinkAnswer {
  return { intent: 'success', text: `${t('rfid.linked', { tag, sample })}. ${t('rfid.next_sample')}` };
}

/** The page's answer to a code that is no tag code: it is cleared from the field and said, with what to do. */
export function invalidCodeAnswer(t: TFunction, code: string, problem: string): LinkAnswer {
  return { intent: 'danger', text: `${t('rfid.not_a_tag_code', { code, problem })} ${t('rfid.scan_again')}` };
}

/**
 * The page's answer to a link refused: a tag nobody registered offers to register it; a tag linked
 * already names the sample or product it is linked to; each says what to do next.
 */
export function refusedAnswer(t: TFunction, tag: string, err: unknown): LinkAnswer {
  const code = err instanceof ApiError ? err.code : undefined;
  const details = (err instanceof ApiError ? err.details : undefined) as { tagCode?: string; sampleCode?: string; productCode?: string } | undefined;
  if (code === 'NOT_FOUND' && details?.tagCode) return { intent: 'warning', text: `${t('rfid.tag_not_registered', { tag })} ${t('rfid.register_or_scan')}`, register: tag };
  if (code === 'TAG_LINKED') {
    const item = details?.sampleCode ?? details?.productCode ?? '';
    return { intent: 'danger', text: `${t('rfid.tag_linked_to', { tag, item })} ${t('rfid.unlink_or_scan')}` };
  }
  return { intent: 'danger', text: `${t('rfid.tag_failed', { tag, message: errorMessage(err) })} ${t('rfid.scan_again')}` };
}
