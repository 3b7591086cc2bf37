import { Res, UploadedFile, type Type } from '@nestjs/common';
import {
  API,
  type CreateMasterDataItemRequest,
  type Language,
  type LookupQuery,
  type MasterDataCatalogue,
  type MasterDataFilter,
  type MasterDataListQuery,
  type UpdateMasterDataItemRequest,
} from '@rfid/contracts';
import type { Response } from 'express';

import type { MasterDataItemsTable } from '../master-data.tables.js';
import { startExcelDownload } from '../../../platform/excel/excel-http.js';
import { ImportProgressTarget, type ProgressTarget } from '../../../platform/excel/import-progress.js';
import { writeTemplate, writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import type { UploadedFileData } from '../../../platform/http/file-upload.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { CreateMasterDataItem, ImportMasterDataItems, SwitchMasterDataItem, UpdateMasterDataItem } from '../commands/master-data.commands.js';
import { masterDataColumns, masterDataRow, sheetTitle } from '../excel/master-data-sheet.js';
import { GetMasterDataItem, ListMasterDataItems, LookUpMasterDataItems, MasterDataItemsOfFilter } from '../queries/master-data.queries.js';
import { UploadController } from '../../../platform/http/bus-controller.js';

async function* exportRows(items: AsyncIterable<MasterDataItemsTable>) {
  for await (const item of items) yield masterDataRow(item);
}

/**
 * The controller of one catalogue (contracts' `API.masterData[key]`). One class per catalogue because
 * the global guard reads each route's permission from its decorator: a path parameter could not choose
 * it. `lookup`, `template` and `export` come before `:id`, which would otherwise take their names for an id.
 */
export function masterDataController(catalogue: MasterDataCatalogue): Type {
  const { key } = catalogue;
  const R = API.masterData[key];
  const columns = masterDataColumns(catalogue);

  @ApiController('master-data')
  class MasterDataController extends UploadController {
    @Route(R.list)
    list(@RouteQuery(R.list) query: MasterDataListQuery) {
      return this.queries.execute(new ListMasterDataItems(key, query));
    }

    @Route(R.lookup)
    lookup(@RouteQuery(R.lookup) query: LookupQuery) {
      return this.queries.execute(new LookUpMasterDataItems(key, query));
    }

    @Route(R.template)
    async template(@RequestLanguage() language: Language, @Res() res: Response): Promise<void> {
      startExcelDownload(res, `${key}-template`);
      await writeTemplate(res, columns, { language, sheetName: sheetTitle(key, language) });
    }

    @Route(R.export)
    async export(@RouteQuery(R.export) filter: MasterDataFilter, @RequestLanguage() language: Language, @Res() res: Response): Promise<void> {
      startExcelDownload(res, key);
      await writeWorkbook(res, columns, exportRows(await this.queries.execute(new MasterDataItemsOfFilter(key, filter))), { language, sheetName: sheetTitle(key, language) });
    }

    @Route(R.import)
    async import(
      @UploadedFile() file: UploadedFileData | undefined,
      @RequestLanguage() language: Language,
      @ImportProgressTarget() target: ProgressTarget | undefined,
    ) {
      const { rows, progress } = await this.excel.read(file, columns, language, target);
      return this.commands.execute(new ImportMasterDataItems({ catalogue: key, rows, language, progress }));
    }

    @Route(R.create)
    async create(@RouteBody(R.create) body: CreateMasterDataItemRequest) {
      const { id } = await this.commands.execute(new CreateMasterDataItem({ catalogue: key, request: body }));
      return this.queries.execute(new GetMasterDataItem(key, id));
    }

    @Route(R.detail)
    detail(@RouteParam(R.detail, 'id') id: string) {
      return this.queries.execute(new GetMasterDataItem(key, id));
    }

    @Route(R.update)
    async update(
      @RouteParam(R.update, 'id') id: string,
      @RouteBody(R.update) body: UpdateMasterDataItemRequest,
      @RouteQuery(R.update) { expectedVersion }: { expectedVersion?: number },
    ) {
      await this.commands.execute(new UpdateMasterDataItem({ catalogue: key, itemId: id, request: body, expectedVersion }));
      return this.queries.execute(new GetMasterDataItem(key, id));
    }

    @Route(R.deactivate)
    async deactivate(@RouteParam(R.deactivate, 'id') id: string) {
      await this.commands.execute(new SwitchMasterDataItem({ command: { kind: 'deactivate', itemId: id, catalogue: key } }));
      return this.queries.execute(new GetMasterDataItem(key, id));
    }

    @Route(R.activate)
    async activate(@RouteParam(R.activate, 'id') id: string) {
      await this.commands.execute(new SwitchMasterDataItem({ command: { kind: 'activate', itemId: id, catalogue: key } }));
      return this.queries.execute(new GetMasterDataItem(key, id));
    }
  }
  const pascal = key.charAt(0).toUpperCase() + key.slice(1);
  Object.defineProperty(MasterDataController, 'name', { value: `MasterData${pascal}Controller` });
  return MasterDataController;
}
