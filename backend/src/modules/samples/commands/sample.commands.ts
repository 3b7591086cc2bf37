import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  ERRORS,
  pickFields,
  SAMPLE_FIELDS,
  type CreateSampleRequest,
  type DuplicateSampleCode,
  type ImportRowError,
  type Language,
  type SampleImportResult,
  type UpdateSampleRequest,
} from '@rfid/contracts';
import { sql } from 'kysely';
import { v7 as timeOrderedUuid } from 'uuid';
import type { DbOrTx, Tx } from '../../../platform/database/database.js';
import { resolveReferenceTexts } from '../../../platform/entity-fields/references.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { IMPORT_MESSAGES } from '../../../platform/excel/import-messages.js';
import { silentProgress, type ProgressReporter } from '../../../platform/excel/progress-reporter.js';
import { wrongRows, parseRows } from '../../../platform/excel/row-errors.js';
import type { ReadRow } from '../../../platform/excel/workbook-reader.js';
import { Platform } from '../../../platform/platform.js';
import { masterDataFinder, masterDataItemsByIds } from '../../master-data/master-data.public.js';
import { referenceProblems, SAMPLE_REFERENCES } from '../domain/sample-references.js';
import { decideSample, sampleModel, type SampleState } from '../domain/sample.js';
import type { SampleFields } from '../samples.events.js';
import { sampleImportColumns, sampleImportRow, type SampleImportColumn } from '../excel/sample-sheet.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

/** Refuses fields whose references break a rule: the code of the first, all of them in the details. */
async function checkReferences(db: DbOrTx, fields: SampleFields, previous?: SampleFields | null): Promise<void> {
  const items = await masterDataItemsByIds(
    db,
    SAMPLE_REFERENCES.map((r) => fields[r.field]),
  );
  const problems = referenceProblems(fields, items, previous);
  if (problems.length) {
    throw new AppError(
      problems[0]!.code,
      problems.map((p) => ({ field: p.field, rule: 'reference', code: p.code, message: ERRORS[p.code].en })),
    );
  }
}

/** `count` sample codes made by the system ('SP' and six digits), none of them one of `taken`. */
async function newSampleCodes(tx: Tx, count: number, taken: ReadonlySet<string> = new Set()): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < count) {
    const { rows } = await sql<{ code: string }>`select next_sample_code() as code from generate_series(1, ${count - codes.length})`.execute(tx);
    codes.push(...rows.map((r) => r.code).filter((c) => !taken.has(c)));
  }
  return codes;
}

/** A request's values of SAMPLE_FIELDS, with the code the sample gets. */
function fieldsOf(sampleCode: string, r: CreateSampleRequest): SampleFields {
  return { ...pickFields(SAMPLE_FIELDS, r), sampleCode };
}

/**
 * A new sample's id: time-ordered (UUIDv7, monotonic within the process), so that samples registered
 * in the same instant (an import) list in the order they were made where the list breaks ties by id.
 */
const newSampleId = () => timeOrderedUuid();

/** The tag linked to the sample now, as the samples read model says (it follows TagLinked / TagUnlinked). */
async function currentTagOf(db: DbOrTx, sampleId: string): Promise<string | null> {
  const row = await db.selectFrom('samples').select('current_tag_code').where('id', '=', sampleId).executeTakeFirst();
  return row?.current_tag_code ?? null;
}

/** The codes repeated in the file, each with its rows (a code compared as stored: trimmed, upper-case). */
function duplicateCodes(rows: readonly ReadRow<SampleImportColumn>[]): DuplicateSampleCode[] {
  const byCode = new Map<string, number[]>();
  for (const r of rows) {
    const code = r.values.sampleCode.trim().toUpperCase();
    if (code) byCode.set(code, [...(byCode.get(code) ?? []), r.row]);
  }
  return [...byCode].filter(([, at]) => at.length > 1).map(([sampleCode, at]) => ({ sampleCode, rows: at }));
}

/**
 * Checks every row first (codes repeated in the file, the form's rules, references by name or code
 * of active items, codes in use) and writes nothing if any is wrong; then registers all samples in
 * one transaction, in a few statements per thousand rows. A code repeated in the file is refused
 * (409 SAMPLE_EXISTS_IN_FILE, the codes and their rows) until the user confirms its removal.
 */
async function importSamples(
  platform: Platform,
  rows: ReadRow<SampleImportColumn>[],
  { language, removeDuplicates }: { language: Language; removeDuplicates: boolean },
  progress: ProgressReporter,
): Promise<SampleImportResult> {
  const columns = sampleImportColumns();
  const header = (key: SampleImportColumn) => columns.find((c) => c.key === key)!.header[language];
  if (rows.length === 0) {
    throw new AppError('BAD_REQUEST_ERROR', [{ row: 2, column: header('name'), code: 'BAD_REQUEST_ERROR', message: IMPORT_MESSAGES.noRows[language] }]);
  }
  const duplicates = duplicateCodes(rows);
  if (duplicates.length && !removeDuplicates) throw new AppError('SAMPLE_EXISTS_IN_FILE', duplicates);
  const removed = new Set(duplicates.flatMap((d) => d.rows.slice(1)));
  const kept = removed.size ? rows.filter((r) => !removed.has(r.row)) : rows;
  progress('checking', 0, kept.length);

  const { parsed, errors } = parseRows(kept, columns, sampleImportRow, (values) => values, language);
  const find = await masterDataFinder(platform.db);
  const error = (row: number, key: SampleImportColumn, code: ImportRowError['code']): ImportRowError => ({ row, column: header(key), code, message: ERRORS[code][language] });
  const items: { row: number; sampleCode: string | null; fields: Omit<SampleFields, 'sampleCode'> }[] = [];
  for (const { row, value } of parsed) {
    const { values, problems } = resolveReferenceTexts(SAMPLE_FIELDS, value, find);
    errors.push(...problems.map((p) => error(row, p.field, p.code)));
    const { sampleCode, ...fields } = values;
    if (problems.length === 0) items.push({ row, sampleCode, fields });
  }
  const given = new Set(items.flatMap((i) => (i.sampleCode ? [i.sampleCode] : [])));
  if (given.size) {
    const inUse = await platform.db
      .selectFrom('samples')
      .select('sample_code')
      .where('deleted_at', 'is', null)
      .where('sample_code', '=', sql<string>`any(${[...given]}::text[])`)
      .execute();
    const taken = new Set(inUse.map((r) => r.sample_code));
    for (const i of items) if (i.sampleCode && taken.has(i.sampleCode)) errors.push(error(i.row, 'sampleCode', 'SAMPLE_EXISTS'));
  }
  if (errors.length) throw wrongRows(errors, columns, language);
  progress('checking', kept.length, kept.length);

  await platform.db.transaction().execute(async (tx) => {
    const made = await newSampleCodes(tx, items.filter((i) => !i.sampleCode).length, given);
    let next = 0;
    const samples = items.map((i) => {
      const sampleId = newSampleId();
      const fields: SampleFields = { sampleCode: i.sampleCode ?? made[next++]!, ...i.fields };
      return { id: sampleId, decide: (initial: SampleState) => decideSample(initial, { kind: 'register', sampleId, fields }) };
    });
    await platform.commands.create(sampleModel, samples, { tx, onProgress: (written, total) => progress('writing', written, total) });
  });
  return {
    created: items.length,
    duplicates: removed.size ? duplicates : [],
    removedRows: [...removed].sort((a, b) => a - b),
  };
}

/*
 * The samples module's commands, each a message on the CommandBus and its handler. Each goes the platform's one way (lock the sample's stream, load, decide, append); what a decision needs from elsewhere (master data for the references, the read model for the linked tag) is read inside the command's transaction, under its lock.
 */

/** Registers a sample; its code is made by the system (SP and six digits) unless given. */
export class RegisterSample extends commandOf<{ request: CreateSampleRequest }, { id: string }>() {}

@CommandHandler(RegisterSample)
export class RegisterSampleHandler extends PlatformHandler implements ICommandHandler<RegisterSample> {
  async execute({ request }: RegisterSample): Promise<{ id: string }> {
    const sampleId = newSampleId();
    await this.platform.commands.execute(sampleModel, sampleId, async (state, { tx }) => {
      const fields = fieldsOf(request.sampleCode ?? (await newSampleCodes(tx, 1))[0]!, request);
      await checkReferences(tx, fields);
      return decideSample(state, { kind: 'register', sampleId, fields });
    });
    return { id: sampleId };
  }
}

/** Replaces the fields; `expectedVersion` is the version the form was opened on. */
export class UpdateSample extends commandOf<{ sampleId: string; request: UpdateSampleRequest; expectedVersion?: number }>() {}

@CommandHandler(UpdateSample)
export class UpdateSampleHandler extends PlatformHandler implements ICommandHandler<UpdateSample> {
  async execute({ sampleId, request, expectedVersion }: UpdateSample): Promise<void> {
    await this.platform.commands.execute(
      sampleModel,
      sampleId,
      async (state, { tx }) => {
        const previous = state.fields;
        const fields = fieldsOf(request.sampleCode ?? previous?.sampleCode ?? '', request);
        if (previous) await checkReferences(tx, fields, previous);
        return decideSample(state, { kind: 'update', sampleId, fields });
      },
      { expectedVersion },
    );
  }
}

/**
   * Deletes a sample without a tag. A link to the sample locks the sample's stream too, so it runs
   * before the deletion (which then sees the tag: SAMPLE_LINKED) or after it (and finds no sample).
   */
export class DeleteSample extends commandOf<{ sampleId: string }>() {}

@CommandHandler(DeleteSample)
export class DeleteSampleHandler extends PlatformHandler implements ICommandHandler<DeleteSample> {
  async execute({ sampleId }: DeleteSample): Promise<void> {
    await this.platform.commands.execute(sampleModel, sampleId, async (state, { tx }) =>
      decideSample(state, { kind: 'delete', sampleId, linkedTagCode: await currentTagOf(tx, sampleId) }),
    );
  }
}

/**
   * Registers every row of an imported sheet, or none. `removeDuplicates`: the user confirmed that
   * of each code repeated in the file the first row is kept and the others dropped.
   */
export class ImportSamples extends commandOf<{ rows: ReadRow<SampleImportColumn>[]; opts: { language: Language; removeDuplicates: boolean }; progress?: ProgressReporter }, SampleImportResult>() {}

@CommandHandler(ImportSamples)
export class ImportSamplesHandler extends PlatformHandler implements ICommandHandler<ImportSamples> {
  execute({ rows, opts, progress = silentProgress }: ImportSamples): Promise<SampleImportResult> {
    return importSamples(this.platform, rows, opts, progress);
  }
}

export const SAMPLE_COMMAND_HANDLERS = [RegisterSampleHandler, UpdateSampleHandler, DeleteSampleHandler, ImportSamplesHandler];
