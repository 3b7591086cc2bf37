import { Command } from '@nestjs/cqrs';
import type { LinkTagResult, UnlinkTagsResult } from '@rfid/contracts';
import { sql } from 'kysely';
import { commandHandler } from '../../../platform/cqrs/command-handler.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { loadState } from '../../../platform/event-store/stream-command.js';
import type { Platform } from '../../../platform/platform.js';
import { decideTag, tagModel } from '../domain/rfid-tag.js';
import { onTag } from './rfid-tag.commands.js';

export class LinkTag extends Command<LinkTagResult> {
  constructor(
    readonly tagCode: string,
    readonly sampleId: string,
  ) {
    super();
  }
}
/** Unlinks up to 15 tags, all or none. */
export class UnlinkTags extends Command<UnlinkTagsResult> {
  constructor(
    readonly tagCodes: string[],
    readonly reason: string | null,
  ) {
    super();
  }
}

/**
 * Links a tag to a sample. The tag's row is locked first, then the sample's: links of one tag run one
 * after the other (the second sees the first's link: TAG_LINKED), and so do a link and a deletion of
 * one sample. The unique keys of tag_links, written in the same transaction, are the last word.
 */
async function linkTag(platform: Platform, { tagCode, sampleId }: LinkTag): Promise<LinkTagResult> {
  let sampleCode = '';
  await platform.db.transaction().execute((tx) =>
    onTag(platform, tx, tagCode, async (tag) => {
      if (!tag.exists) throw new AppError('NOT_FOUND', { tagCode });
      const sample = await tx
        .selectFrom('samples')
        .select(['sample_code', 'current_tag_code'])
        .where('id', '=', sampleId)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!sample) throw new AppError('NOT_FOUND', { sampleId });
      sampleCode = sample.sample_code;
      return { kind: 'link', tagCode, sampleId, sampleCode, sampleTagCode: sample.current_tag_code };
    }),
  );
  return { tagCode, sampleId, sampleCode };
}

/**
 * Unlinks every tag, or none: a code that names no tag is NOT_FOUND (404), a tag that is not linked
 * TAG_NOT_LINKED (409); the answer's code is the first problem's, its details all of them. The tags'
 * rows are locked in code order, so two unlinks of overlapping lists cannot deadlock.
 */
async function unlinkTags(platform: Platform, { tagCodes, reason }: UnlinkTags): Promise<UnlinkTagsResult> {
  const codes = [...tagCodes].sort();
  const repeated = codes.filter((code, i) => codes[i - 1] === code);
  if (repeated.length) throw new AppError('DUPLICATE_RFID', [...new Set(repeated)].map((code) => ({ code })));
  await platform.db.transaction().execute(async (tx) => {
    await sql`select code from rfid_tags where code = any(${codes}::text[]) order by code for update`.execute(tx);
    const problems: { tagCode: string; error: 'NOT_FOUND' | 'TAG_NOT_LINKED'; state?: string }[] = [];
    const planned: { tagCode: string; version: number; events: ReturnType<typeof decideTag> }[] = [];
    for (const tagCode of tagCodes) {
      const { state, version } = await loadState(platform.store, tagModel, tagCode, tx);
      if (!state.exists) problems.push({ tagCode, error: 'NOT_FOUND' });
      else if (state.state !== 'LINKED') problems.push({ tagCode, error: 'TAG_NOT_LINKED', state: state.state });
      else planned.push({ tagCode, version, events: decideTag(state, { kind: 'unlink', tagCode, reason }) });
    }
    if (problems.length) throw new AppError(problems[0]!.error, problems);
    for (const p of planned) {
      await platform.store.append(tagModel.streamId(p.tagCode), tagModel.streamType, p.events, { expectedVersion: p.version, tx });
    }
  });
  return { unlinked: tagCodes.length };
}

export const LINK_COMMAND_HANDLERS = [commandHandler(LinkTag, linkTag), commandHandler(UnlinkTags, unlinkTags)];
