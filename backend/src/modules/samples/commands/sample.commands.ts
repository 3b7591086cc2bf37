import { Command } from '@nestjs/cqrs';
import {
  ERRORS,
  notBlankText,
  optionalSampleCode,
  optionalText,
  sampleSideInput,
  type CreateSampleRequest,
  type DuplicateSampleCode,
  type ImportRowError,
  type Language,
  type MasterDataKey,
  type SampleImportResult,
  type UpdateSampleRequest,
} from '@rfid/contracts';
import { sql } from 'kysely';
import { v7 as timeOrderedUuid } from 'uuid';
import { z } from 'zod';
import { commandHandler } from '../../../platform/cqrs/command-handler.js';
import type { DbOrTx, Tx } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { loadState } from '../../../platform/event-store/stream-command.js';
import { IMPORT_MESSAGES } from '../../../platform/excel/import-messages.js';
import { silentProgress, type ProgressReporter } from '../../../platform/excel/import-progress.js';
import { orderRowErrors, parseRows } from '../../../platform/excel/row-errors.js';
import type { ReadRow } from '../../../platform/excel/workbook-reader.js';
import type { Platform } from '../../../platform/platform.js';
import { sameTextKey } from '../../master-data/domain/master-data-item.js';
import { referenceProblems, SAMPLE_REFERENCES, type ReferencedItem } from '../domain/sample-references.js';
import { decideSample, sampleModel, type SampleCommand, type SampleFields } from '../domain/sample.js';
import { REFERENCE_COLUMNS, sampleImportColumns, type SampleImportColumn } from '../excel/sample-sheet.js';

export class CreateSample extends Command<{ id: string }> {
  constructor(readonly request: CreateSampleRequest) {
    super();
  }
}
export class UpdateSample extends Command<void> {
  constructor(
    readonly sampleId: string,
    readonly request: UpdateSampleRequest,
    readonly expectedVersion?: number,
  ) {
    super();
  }
}
export class DeleteSample extends Command<void> {
  constructor(readonly sampleId: string) {
    super();
  }
}
/** Registers every row of an imported sheet, or none: `rows` as read, checked here. */
export class ImportSamples extends Command<SampleImportResult> {
  constructor(
    readonly rows: ReadRow<SampleImportColumn>[],
    readonly language: Language,
    /** The user confirmed: keep the first row of each code repeated in the file, drop the others. */
    readonly removeDuplicates: boolean,
    readonly progress: ProgressReporter = silentProgress,
  ) {
    super();
  }
}

/** The master-data items these ids name, of any catalogue (the check compares the catalogue). */
async function referencedItems(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, ReferencedItem>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('master_data_items').select(['id', 'catalogue', 'status']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Refuses fields whose references break a rule: the code of the first, all of them in the details. */
async function checkReferences(db: DbOrTx, fields: SampleFields, previous?: SampleFields | null): Promise<void> {
  const items = await referencedItems(
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

function fieldsOf(sampleCode: string, r: Omit<CreateSampleRequest, 'sampleCode'>): SampleFields {
  return {
    sampleCode,
    name: r.name,
    modelName: r.modelName,
    artNumber: r.artNumber,
    seasonId: r.seasonId,
    stageId: r.stageId,
    typeId: r.typeId,
    sizeId: r.sizeId,
    genderId: r.genderId,
    side: r.side,
    color: r.color,
    categoryId: r.categoryId,
    customerId: r.customerId,
    currentZoneId: r.currentZoneId,
  };
}

/** Load, decide (with the references checked against what the sample was), append: in the caller's transaction. */
async function runOnSample(
  platform: Platform,
  tx: Tx,
  sampleId: string,
  command: (previous: SampleFields | null) => Promise<SampleCommand>,
  expectedVersion?: number,
): Promise<void> {
  const { state, version } = await loadState(platform.store, sampleModel, sampleId, tx);
  const cmd = await command(state.fields);
  const events = decideSample(state, cmd);
  if (expectedVersion !== undefined && expectedVersion !== version) {
    throw new AppError('CONCURRENCY_CONFLICT', { streamId: sampleModel.streamId(sampleId), expected: expectedVersion, actual: version });
  }
  if (events.length === 0) return;
  await platform.store.append(sampleModel.streamId(sampleId), sampleModel.streamType, events, { expectedVersion: version === 0 ? 'no_stream' : version, tx });
}

/**
 * A new sample's id: time-ordered (UUIDv7, monotonic within the process), so that samples registered
 * in the same instant (an import) list in the order they were made where the list breaks ties by id.
 */
const newSampleId = () => timeOrderedUuid();

async function createSample(platform: Platform, { request }: CreateSample): Promise<{ id: string }> {
  const sampleId = newSampleId();
  await platform.db.transaction().execute(async (tx) => {
    const sampleCode = request.sampleCode ?? (await newSampleCodes(tx, 1))[0]!;
    const fields = fieldsOf(sampleCode, request);
    await checkReferences(tx, fields);
    await runOnSample(platform, tx, sampleId, async () => ({ kind: 'register', sampleId, fields }));
  });
  return { id: sampleId };
}

async function updateSample(platform: Platform, { sampleId, request, expectedVersion }: UpdateSample): Promise<void> {
  await platform.db.transaction().execute((tx) =>
    runOnSample(
      platform,
      tx,
      sampleId,
      async (previous) => {
        const fields = fieldsOf(request.sampleCode ?? previous?.sampleCode ?? '', request);
        if (previous) await checkReferences(tx, fields, previous);
        return { kind: 'update', sampleId, fields };
      },
      expectedVersion,
    ),
  );
}

/**
 * The sample's row is locked first: a link to the sample (which locks it too) waits for the delete or
 * sees it done, so a sample is never deleted with a tag on it.
 */
async function deleteSample(platform: Platform, { sampleId }: DeleteSample): Promise<void> {
  await platform.db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('samples').select('current_tag_code').where('id', '=', sampleId).forUpdate().executeTakeFirst();
    await runOnSample(platform, tx, sampleId, async () => ({ kind: 'delete', sampleId, linkedTagCode: row?.current_tag_code ?? null }));
  });
}

/** A row of the sheet as text; references still names or codes. */
const importRow = z.object({
  sampleCode: optionalSampleCode,
  name: notBlankText('NAME_MUST_BE_NOT_BLANK'),
  modelName: notBlankText('MODEL_MUST_BE_NOT_BLANK'),
  artNumber: notBlankText('ART_MUST_BE_NOT_BLANK'),
  season: notBlankText('SEASON_MUST_BE_NOT_BLANK', 100),
  stage: optionalText(100),
  type: optionalText(100),
  size: notBlankText('SIZE_MUST_BE_NOT_BLANK', 100),
  gender: optionalText(100),
  side: sampleSideInput,
  color: optionalText(),
  category: notBlankText('CATEGORY_MUST_BE_NOT_BLANK', 100),
  customer: notBlankText('CUSTOMER_MUST_BE_NOT_BLANK', 100),
  zone: optionalText(100),
});

/** Every master-data item by catalogue, found by name or code (as sameTextKey compares them); an active one first. */
async function referenceIndex(db: DbOrTx): Promise<(catalogue: MasterDataKey, text: string) => ReferencedItem | undefined> {
  const rows = await db.selectFrom('master_data_items').select(['id', 'catalogue', 'status', 'name_key', 'code_key']).execute();
  const byName = new Map<string, ReferencedItem>();
  const byCode = new Map<string, ReferencedItem>();
  for (const r of rows) {
    byName.set(`${r.catalogue}\u0000${r.name_key}`, r);
    byCode.set(`${r.catalogue}\u0000${r.code_key}`, r);
  }
  return (catalogue, text) => {
    const key = `${catalogue}\u0000${sameTextKey(text)}`;
    const found = [byName.get(key), byCode.get(key)].filter((i): i is ReferencedItem => i !== undefined);
    return found.find((i) => i.status === 'ACTIVE') ?? found[0];
  };
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
async function importSamples(platform: Platform, { rows, language, removeDuplicates, progress }: ImportSamples): Promise<SampleImportResult> {
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

  const { parsed, errors } = parseRows(kept, columns, importRow, (values) => values, language);
  const find = await referenceIndex(platform.db);
  const error = (row: number, key: SampleImportColumn, code: ImportRowError['code']): ImportRowError => ({ row, column: header(key), code, message: ERRORS[code][language] });
  const items: { row: number; sampleCode: string | null; fields: Omit<SampleFields, 'sampleCode'> }[] = [];
  for (const { row, value: v } of parsed) {
    const ids: Partial<Record<string, string | null>> = {};
    let ok = true;
    for (const { key, catalogue } of REFERENCE_COLUMNS) {
      const text = v[key];
      if (text === null) {
        ids[key] = null;
        continue;
      }
      const ref = SAMPLE_REFERENCES.find((r) => r.catalogue === catalogue)!;
      const item = find(catalogue, text);
      if (!item || item.status !== 'ACTIVE') {
        errors.push(error(row, key, item ? ref.inactive : ref.notFound));
        ok = false;
      } else ids[key] = item.id;
    }
    if (!ok) continue;
    items.push({
      row,
      sampleCode: v.sampleCode,
      fields: {
        name: v.name,
        modelName: v.modelName,
        artNumber: v.artNumber,
        seasonId: ids.season!,
        stageId: ids.stage ?? null,
        typeId: ids.type ?? null,
        sizeId: ids.size!,
        genderId: ids.gender ?? null,
        side: v.side,
        color: v.color,
        categoryId: ids.category!,
        customerId: ids.customer!,
        currentZoneId: ids.zone ?? null,
      },
    });
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
  if (errors.length) throw new AppError('BAD_REQUEST_ERROR', orderRowErrors(errors, columns, language));
  progress('checking', kept.length, kept.length);

  await platform.db.transaction().execute(async (tx) => {
    const made = await newSampleCodes(tx, items.filter((i) => !i.sampleCode).length, given);
    let next = 0;
    const streams = items.map((i) => {
      const sampleId = newSampleId();
      const fields: SampleFields = { sampleCode: i.sampleCode ?? made[next++]!, ...i.fields };
      const events = decideSample(sampleModel.initial, { kind: 'register', sampleId, fields });
      return { streamId: sampleModel.streamId(sampleId), streamType: sampleModel.streamType, events };
    });
    await platform.store.appendToNewStreams(streams, { tx, onProgress: (written, total) => progress('writing', written, total) });
  });
  return {
    created: items.length,
    duplicates: removed.size ? duplicates : [],
    removedRows: [...removed].sort((a, b) => a - b),
  };
}

export const SAMPLE_COMMAND_HANDLERS = [
  commandHandler(CreateSample, createSample),
  commandHandler(UpdateSample, updateSample),
  commandHandler(DeleteSample, deleteSample),
  commandHandler(ImportSamples, importSamples),
];
