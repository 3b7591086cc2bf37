import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
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
import type { DbOrTx } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { IMPORT_MESSAGES } from '../../../platform/excel/import-messages.js';
import { silentProgress, type ProgressReporter } from '../../../platform/excel/progress-reporter.js';
import { duplicatesInFile, wrongRows, parseRows } from '../../../platform/excel/row-errors.js';
import type { ReadRow } from '../../../platform/excel/workbook-reader.js';
import { Platform } from '../../../platform/platform.js';
import { decideTag, tagModel, type TagCommand } from '../domain/rfid-tag.js';
import type { Container } from '../rfid.events.js';
import { tagImportColumns, type TagImportColumn } from '../excel/rfid-tag-sheet.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

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
      await platform.commands.create(
        tagModel,
        tags.map((t) => ({ id: t.tagCode, decide: (initial) => decideTag(initial, { kind: 'register', ...t }) })),
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
async function registerTags(platform: Platform, request: RegisterTagsRequest): Promise<{ created: number }> {
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
async function importTags(platform: Platform, rows: ReadRow<TagImportColumn>[], language: Language, progress: ProgressReporter): Promise<ImportResult> {
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
  if (errors.length) throw wrongRows(errors, columns, language);
  progress('checking', rows.length, rows.length);
  await registerAll(
    platform,
    parsed.map(({ value: v }) => ({ tagCode: v.code, container: containerOf({ name: v.containerName, box: v.containerBox, cart: v.containerCart }) })),
    progress,
  );
  return { created: parsed.length };
}

/*
 * The rfid module's commands on tags, each a message on the CommandBus and its handler. Each goes the
 * platform's one way (lock the tag's stream, load, decide, append), so commands on one tag run one after
 * the other and each decides on what the one before it did.
 */

/** Registers every code of the request, or none. */
export class RegisterTags extends commandOf<{ request: RegisterTagsRequest }, { created: number }>() {}

@CommandHandler(RegisterTags)
export class RegisterTagsHandler extends PlatformHandler implements ICommandHandler<RegisterTags> {
  execute({ request }: RegisterTags): Promise<{ created: number }> {
    return registerTags(this.platform, request);
  }
}

/** A tag locked, unlocked or cancelled. */
export class DecideTag extends commandOf<{ command: Extract<TagCommand, { kind: 'lock' | 'unlock' | 'cancel' }> }>() {}

@CommandHandler(DecideTag)
export class DecideTagHandler extends PlatformHandler implements ICommandHandler<DecideTag> {
  async execute({ command }: DecideTag): Promise<void> {
    await this.platform.commands.execute(tagModel, command.tagCode, (state) => decideTag(state, command));
  }
}

/** Registers every row of an imported sheet, or none. */
export class ImportTags extends commandOf<{ rows: ReadRow<TagImportColumn>[]; language: Language; progress?: ProgressReporter }, ImportResult>() {}

@CommandHandler(ImportTags)
export class ImportTagsHandler extends PlatformHandler implements ICommandHandler<ImportTags> {
  execute({ rows, language, progress = silentProgress }: ImportTags): Promise<ImportResult> {
    return importTags(this.platform, rows, language, progress);
  }
}

export const RFID_TAG_COMMAND_HANDLERS = [RegisterTagsHandler, DecideTagHandler, ImportTagsHandler];
