import { randomUUID } from 'node:crypto';
import { Command } from '@nestjs/cqrs';
import {
  ERRORS,
  masterDataCatalogue,
  type CreateMasterDataItemRequest,
  type ImportResult,
  type ImportRowError,
  type Language,
  type MasterDataKey,
  type UpdateMasterDataItemRequest,
} from '@rfid/contracts';
import { commandHandler } from '../../../platform/cqrs/command-handler.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { executeOnStream } from '../../../platform/event-store/stream-command.js';
import { IMPORT_MESSAGES } from '../../../platform/excel/import-messages.js';
import { silentProgress, type ProgressReporter } from '../../../platform/excel/import-progress.js';
import { orderRowErrors } from '../../../platform/excel/row-errors.js';
import type { ReadRow } from '../../../platform/excel/workbook-reader.js';
import type { Platform } from '../../../platform/platform.js';
import { decideMasterDataItem, masterDataItemModel, sameTextKey, type MasterDataItemCommand } from '../domain/master-data-item.js';
import { checkImportRows, codeExistsError, masterDataColumns, type MasterDataColumn } from '../excel/master-data-sheet.js';
import { existingCodesAndNames } from '../queries/master-data.queries.js';

export class CreateMasterDataItem extends Command<{ id: string }> {
  constructor(
    readonly catalogue: MasterDataKey,
    readonly request: CreateMasterDataItemRequest,
  ) {
    super();
  }
}
export class UpdateMasterDataItem extends Command<void> {
  constructor(
    readonly catalogue: MasterDataKey,
    readonly itemId: string,
    readonly request: UpdateMasterDataItemRequest,
    readonly expectedVersion?: number,
  ) {
    super();
  }
}
export class DeactivateMasterDataItem extends Command<void> {
  constructor(
    readonly catalogue: MasterDataKey,
    readonly itemId: string,
  ) {
    super();
  }
}
export class ActivateMasterDataItem extends Command<void> {
  constructor(
    readonly catalogue: MasterDataKey,
    readonly itemId: string,
  ) {
    super();
  }
}
/** Creates every row of an imported sheet, or none: `rows` as read, checked here. */
export class ImportMasterDataItems extends Command<ImportResult> {
  constructor(
    readonly catalogue: MasterDataKey,
    readonly rows: ReadRow<MasterDataColumn>[],
    readonly language: Language,
    readonly progress: ProgressReporter = silentProgress,
  ) {
    super();
  }
}

async function run(platform: Platform, cmd: MasterDataItemCommand, expectedVersion?: number): Promise<void> {
  await executeOnStream(platform.store, masterDataItemModel, cmd.itemId, (state) => decideMasterDataItem(state, cmd), { expectedVersion });
}

/**
 * Checks every row first (the form's rules, duplicates inside the file, codes and names already in
 * the catalogue) and writes nothing if any is wrong; then appends each item's stream in one
 * transaction, so a collision that slips in meanwhile (a unique index) also undoes the whole import.
 */
async function importItems(platform: Platform, { catalogue: key, rows, language, progress }: ImportMasterDataItems): Promise<ImportResult> {
  const catalogue = masterDataCatalogue(key);
  const columns = masterDataColumns(catalogue);
  const [codeColumn, nameColumn] = columns;
  if (rows.length === 0) {
    throw new AppError('BAD_REQUEST_ERROR', [{ row: 2, column: codeColumn!.header[language], code: 'BAD_REQUEST_ERROR', message: IMPORT_MESSAGES.noRows[language] }]);
  }
  progress('checking', 0, rows.length);
  const { items, errors } = checkImportRows(catalogue, rows, language);
  const existing = await existingCodesAndNames(
    platform.db,
    key,
    items.map((i) => i.value.code),
    items.map((i) => i.value.name),
  );
  const codes = new Set(existing.map((e) => sameTextKey(e.code)));
  const names = new Set(existing.map((e) => sameTextKey(e.name)));
  for (const { row, value } of items) {
    const exists = (code: ImportRowError['code'], column: string): ImportRowError => ({ row, column, code, message: ERRORS[code][language] });
    if (codes.has(sameTextKey(value.code))) errors.push(exists(codeExistsError(catalogue), codeColumn!.header[language]));
    if (names.has(sameTextKey(value.name))) errors.push(exists('NAME_EXISTS', nameColumn!.header[language]));
  }
  if (errors.length) throw new AppError('BAD_REQUEST_ERROR', orderRowErrors(errors, columns, language));
  progress('checking', rows.length, rows.length);

  const streams = items.map(({ value: r }) => {
    const itemId = randomUUID();
    const events = decideMasterDataItem(masterDataItemModel.initial, {
      kind: 'create',
      itemId,
      catalogue: key,
      code: r.code,
      name: r.name,
      description: r.description || null,
      status: r.status,
    });
    return { streamId: masterDataItemModel.streamId(itemId), streamType: masterDataItemModel.streamType, events };
  });
  await platform.store.appendToNewStreams(streams, { onProgress: (written, total) => progress('writing', written, total) });
  return { created: items.length };
}

export const MASTER_DATA_COMMAND_HANDLERS = [
  commandHandler(CreateMasterDataItem, async (platform, { catalogue, request: r }) => {
    const itemId = randomUUID();
    await run(platform, { kind: 'create', itemId, catalogue, code: r.code, name: r.name, description: r.description || null, status: r.status });
    return { id: itemId };
  }),
  commandHandler(UpdateMasterDataItem, (platform, { catalogue, itemId, request: r, expectedVersion }) =>
    run(platform, { kind: 'update', itemId, catalogue, code: r.code, name: r.name, description: r.description || null, status: r.status }, expectedVersion),
  ),
  commandHandler(DeactivateMasterDataItem, (platform, { catalogue, itemId }) => run(platform, { kind: 'deactivate', itemId, catalogue })),
  commandHandler(ActivateMasterDataItem, (platform, { catalogue, itemId }) => run(platform, { kind: 'activate', itemId, catalogue })),
  commandHandler(ImportMasterDataItems, importItems),
];
