import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
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
import { AppError } from '../../../platform/errors/app-error.js';
import { IMPORT_MESSAGES } from '../../../platform/excel/import-messages.js';
import { silentProgress, type ProgressReporter } from '../../../platform/excel/progress-reporter.js';
import { wrongRows } from '../../../platform/excel/row-errors.js';
import type { ReadRow } from '../../../platform/excel/workbook-reader.js';
import { Platform } from '../../../platform/platform.js';
import { decideMasterDataItem, masterDataItemModel, sameTextKey, type MasterDataItemCommand, type MasterDataItemState } from '../domain/master-data-item.js';
import { checkImportRows, codeExistsError, masterDataColumns, type MasterDataColumn } from '../excel/master-data-sheet.js';
import { existingCodesAndNames } from '../queries/master-data.queries.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

/**
 * Checks every row first (the form's rules, duplicates inside the file, codes and names already in
 * the catalogue) and writes nothing if any is wrong; then appends each item's stream in one
 * transaction, so a collision that slips in meanwhile (a unique index) also undoes the whole import.
 */
async function importItems(platform: Platform, key: MasterDataKey, rows: ReadRow<MasterDataColumn>[], language: Language, progress: ProgressReporter): Promise<ImportResult> {
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
  if (errors.length) throw wrongRows(errors, columns, language);
  progress('checking', rows.length, rows.length);

  await platform.commands.create(
    masterDataItemModel,
    items.map(({ value: r }) => {
      const itemId = randomUUID();
      const cmd: MasterDataItemCommand = { kind: 'create', itemId, catalogue: key, code: r.code, name: r.name, description: r.description || null, status: r.status };
      return { id: itemId, decide: (initial: MasterDataItemState) => decideMasterDataItem(initial, cmd) };
    }),
    { onProgress: (written, total) => progress('writing', written, total) },
  );
  return { created: items.length };
}

/*
 * The master-data module's commands, each a message on the CommandBus and its handler: one catalogue item
 * each (an import: many new ones at once).
 */

/** A new item of a catalogue. */
export class CreateMasterDataItem extends commandOf<{ catalogue: MasterDataKey; request: CreateMasterDataItemRequest }, { id: string }>() {}

@CommandHandler(CreateMasterDataItem)
export class CreateMasterDataItemHandler extends PlatformHandler implements ICommandHandler<CreateMasterDataItem> {
  async execute({ catalogue, request: r }: CreateMasterDataItem): Promise<{ id: string }> {
    const itemId = randomUUID();
    await decideOnItem(this.platform, { kind: 'create', itemId, catalogue, code: r.code, name: r.name, description: r.description || null, status: r.status });
    return { id: itemId };
  }
}

/** An item's texts and status replaced; `expectedVersion`: the version the form was opened on. */
export class UpdateMasterDataItem extends commandOf<{ catalogue: MasterDataKey; itemId: string; request: UpdateMasterDataItemRequest; expectedVersion?: number }>() {}

@CommandHandler(UpdateMasterDataItem)
export class UpdateMasterDataItemHandler extends PlatformHandler implements ICommandHandler<UpdateMasterDataItem> {
  execute({ catalogue, itemId, request: r, expectedVersion }: UpdateMasterDataItem): Promise<void> {
    return decideOnItem(this.platform, { kind: 'update', itemId, catalogue, code: r.code, name: r.name, description: r.description || null, status: r.status }, expectedVersion);
  }
}

/** An item deactivated or activated again. */
export class SwitchMasterDataItem extends commandOf<{ command: Extract<MasterDataItemCommand, { kind: 'deactivate' | 'activate' }> }>() {}

@CommandHandler(SwitchMasterDataItem)
export class SwitchMasterDataItemHandler extends PlatformHandler implements ICommandHandler<SwitchMasterDataItem> {
  execute({ command }: SwitchMasterDataItem): Promise<void> {
    return decideOnItem(this.platform, command);
  }
}

/** Creates every row of an imported sheet, or none. */
export class ImportMasterDataItems extends commandOf<{ catalogue: MasterDataKey; rows: ReadRow<MasterDataColumn>[]; language: Language; progress?: ProgressReporter }, ImportResult>() {}

@CommandHandler(ImportMasterDataItems)
export class ImportMasterDataItemsHandler extends PlatformHandler implements ICommandHandler<ImportMasterDataItems> {
  execute({ catalogue, rows, language, progress = silentProgress }: ImportMasterDataItems): Promise<ImportResult> {
    return importItems(this.platform, catalogue, rows, language, progress);
  }
}

async function decideOnItem(platform: Platform, cmd: MasterDataItemCommand, expectedVersion?: number): Promise<void> {
  await platform.commands.execute(masterDataItemModel, cmd.itemId, (state) => decideMasterDataItem(state, cmd), { expectedVersion });
}

export const MASTER_DATA_COMMAND_HANDLERS = [CreateMasterDataItemHandler, UpdateMasterDataItemHandler, SwitchMasterDataItemHandler, ImportMasterDataItemsHandler];
