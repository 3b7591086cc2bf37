import { Command } from '@nestjs/cqrs';
import {
  ERRORS,
  normalizeTagCode,
  tagCodeInput,
  tagContainer,
  tagCodeProblem,
  type ImportResult,
  type ImportRowError,
  type Language,
  type RegisterTagsRequest,
  type TagCodeError,
  type TagContainer,
} from '@rfid/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import { commandHandler } from '../../../platform/cqrs/command-handler.js';
import type { DbOrTx, Tx } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { loadState } from '../../../platform/event-store/stream-command.js';
import { IMPORT_MESSAGES } from '../../../platform/excel/import-messages.js';
import { silentProgress, type ProgressReporter } from '../../../platform/excel/import-progress.js';
import { duplicatesInFile, orderRowErrors, parseRows } from '../../../platform/excel/row-errors.js';
import type { ReadRow } from '../../../platform/excel/workbook-reader.js';
import type { Platform } from '../../../platform/platform.js';
import { decideTag, tagModel, type Container, type TagCommand, type TagEvent, type TagStateModel } from '../domain/rfid-tag.js';
import { tagImportColumns, type TagImportColumn } from '../excel/rfid-tag-sheet.js';

export class RegisterTags extends Command<{ created: number }> {
  constructor(readonly request: RegisterTagsRequest) {
    super();
  }
}
export class LockTag extends Command<void> {
  constructor(readonly tagCode: string) {
    super();
  }
}
export class UnlockTag extends Command<void> {
  constructor(readonly tagCode: string) {
    super();
  }
}
export class CancelTag extends Command<void> {
  constructor(readonly tagCode: string) {
    super();
  }
}
/** Registers every row of an imported sheet, or none: `rows` as read, checked here. */
export class ImportTags extends Command<ImportResult> {
  constructor(
    readonly rows: ReadRow<TagImportColumn>[],
    readonly language: Language,
    readonly progress: ProgressReporter = silentProgress,
  ) {
    super();
  }
}

/**
 * Load, decide, append on one tag, in the caller's transaction, with the tag's read-model row locked
 * first: every command on a tag takes that lock, so they run one after the other and each decides on
 * what the one before it did (20 links of one tag at once: one links, the others see it LINKED).
 */
export async function onTag(
  platform: Platform,
  tx: Tx,
  tagCode: string,
  command: (state: TagStateModel) => TagCommand | Promise<TagCommand>,
): Promise<TagEvent[]> {
  await tx.selectFrom('rfid_tags').select('code').where('code', '=', tagCode).forUpdate().executeTakeFirst();
  const { state, version } = await loadState(platform.store, tagModel, tagCode, tx);
  const events = decideTag(state, await command(state));
  if (events.length) {
    await platform.store.append(tagModel.streamId(tagCode), tagModel.streamType, events, { expectedVersion: version === 0 ? 'no_stream' : version, tx });
  }
  return events;
}

function containerOf(c: TagContainer | undefined): Container | null {
  if (!c || (c.name === null && c.box === null && c.cart === null)) return null;
  return { name: c.name, box: c.box, cart: c.cart };
}

/** Of these codes, those registered already. */
async function registeredCodes(db: DbOrTx, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.selectFrom('rfid_tags').select('code').where('code', '=', sql<string>`any(${codes}::text[])`).execute();
  return new Set(rows.map((r) => r.code));
}

/**
 * Registers new tags in one transaction, a few statements for all of them. A registration that a
 * concurrent one beat to a code (its stream or its row exists by now) is RFID_EXISTS as well.
 */
async function registerAll(platform: Platform, tags: { tagCode: string; container: Container | null }[], progress = silentProgress): Promise<void> {
  try {
    await platform.db.transaction().execute(async (tx) => {
      const taken = await registeredCodes(tx, tags.map((t) => t.tagCode));
      if (taken.size) throw new AppError('RFID_EXISTS', tags.flatMap((t, index) => (taken.has(t.tagCode) ? [{ index, code: t.tagCode }] : [])));
      await platform.store.appendToNewStreams(
        tags.map((t) => ({
          streamId: tagModel.streamId(t.tagCode),
          streamType: tagModel.streamType,
          events: decideTag(tagModel.initial, { kind: 'register', ...t }),
        })),
        { tx, onProgress: (written, total) => progress('writing', written, total) },
      );
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONCURRENCY_CONFLICT') throw new AppError('RFID_EXISTS', err.details);
    throw err;
  }
}

/**
 * Checks every code (TAG_NOT_VALID / RFID_NOT_BLANK, each named by its index; the answer's code is the
 * first problem's), then repeats within the request (DUPLICATE_RFID), then codes registered already
 * (RFID_EXISTS); writes nothing unless all pass.
 */
async function registerTags(platform: Platform, { request }: RegisterTags): Promise<{ created: number }> {
  const codes = request.codes.map(normalizeTagCode);
  const invalid: TagCodeError[] = codes.flatMap((code, index) => {
    const error = tagCodeProblem(code);
    return error ? [{ index, code: request.codes[index]!, error }] : [];
  });
  if (invalid.length) throw new AppError(invalid[0]!.error, invalid);
  const indexes = new Map<string, number[]>();
  codes.forEach((code, index) => indexes.set(code, [...(indexes.get(code) ?? []), index]));
  const repeated = [...indexes].filter(([, at]) => at.length > 1).map(([code, at]) => ({ code, indexes: at }));
  if (repeated.length) throw new AppError('DUPLICATE_RFID', repeated);
  const container = containerOf(request.container);
  await registerAll(
    platform,
    codes.map((tagCode) => ({ tagCode, container })),
  );
  return { created: codes.length };
}

const importRow = z.object({ code: tagCodeInput, containerName: tagContainer.shape.name, containerBox: tagContainer.shape.box, containerCart: tagContainer.shape.cart });

/** Checks every row first (the code's rules, repeats in the file, codes registered already); writes all rows or none. */
async function importTags(platform: Platform, { rows, language, progress }: ImportTags): Promise<ImportResult> {
  const columns = tagImportColumns();
  const codeColumn = columns[0]!;
  if (rows.length === 0) {
    throw new AppError('BAD_REQUEST_ERROR', [{ row: 2, column: codeColumn.header[language], code: 'BAD_REQUEST_ERROR', message: IMPORT_MESSAGES.noRows[language] }]);
  }
  progress('checking', 0, rows.length);
  const { parsed, errors } = parseRows(rows, columns, importRow, (values) => values, language);
  errors.push(...duplicatesInFile(parsed, (v) => v.code, codeColumn, 'DUPLICATE_RFID', language));
  const taken = await registeredCodes(
    platform.db,
    parsed.map((p) => p.value.code),
  );
  for (const { row, value } of parsed) {
    if (taken.has(value.code)) errors.push({ row, column: codeColumn.header[language], code: 'RFID_EXISTS', message: ERRORS.RFID_EXISTS[language] } satisfies ImportRowError);
  }
  if (errors.length) throw new AppError('BAD_REQUEST_ERROR', orderRowErrors(errors, columns, language));
  progress('checking', rows.length, rows.length);
  await registerAll(
    platform,
    parsed.map(({ value: v }) => ({ tagCode: v.code, container: containerOf({ name: v.containerName, box: v.containerBox, cart: v.containerCart }) })),
    progress,
  );
  return { created: parsed.length };
}

async function runOnTag(platform: Platform, cmd: TagCommand): Promise<void> {
  await platform.db.transaction().execute((tx) => onTag(platform, tx, cmd.tagCode, () => cmd));
}

export const RFID_TAG_COMMAND_HANDLERS = [
  commandHandler(RegisterTags, registerTags),
  commandHandler(LockTag, (platform, { tagCode }) => runOnTag(platform, { kind: 'lock', tagCode })),
  commandHandler(UnlockTag, (platform, { tagCode }) => runOnTag(platform, { kind: 'unlock', tagCode })),
  commandHandler(CancelTag, (platform, { tagCode }) => runOnTag(platform, { kind: 'cancel', tagCode })),
  commandHandler(ImportTags, importTags),
];
