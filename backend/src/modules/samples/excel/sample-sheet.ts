import { SAMPLE_SIDES, type ErrorCode, type Language, type MasterDataKey } from '@rfid/contracts';
import type { ExcelColumn } from '../../../platform/excel/excel-column.js';
import type { ExcelRow } from '../../../platform/excel/workbook-writer.js';
import type { ExportedSample } from '../queries/samples.queries.js';

/** The reference columns of the sheet, named by catalogue: a cell holds an item's name (or code). */
export type SampleReferenceColumn = 'season' | 'stage' | 'type' | 'size' | 'gender' | 'category' | 'customer' | 'zone';
export type SampleImportColumn = 'sampleCode' | 'name' | 'modelName' | 'artNumber' | 'side' | 'color' | SampleReferenceColumn;
export type SampleExportColumn = SampleImportColumn | 'currentTagCode' | 'usageCount' | 'updatedAt';

export const REFERENCE_COLUMNS: readonly { key: SampleReferenceColumn; catalogue: MasterDataKey }[] = [
  { key: 'season', catalogue: 'seasons' },
  { key: 'stage', catalogue: 'stages' },
  { key: 'type', catalogue: 'types' },
  { key: 'size', catalogue: 'sizes' },
  { key: 'gender', catalogue: 'genders' },
  { key: 'category', catalogue: 'categories' },
  { key: 'customer', catalogue: 'customers' },
  { key: 'zone', catalogue: 'zones' },
];

export const SAMPLE_SHEET_TITLE: Record<Language, string> = { vi: 'Mẫu', en: 'Samples' };

/** Active names per catalogue: the drop-down lists of a template. */
export type ReferenceLists = Partial<Record<MasterDataKey, readonly string[]>>;

function reference(key: SampleReferenceColumn, vi: string, en: string, lists: ReferenceLists | undefined, blankCode?: ErrorCode): ExcelColumn<SampleImportColumn> {
  const catalogue = REFERENCE_COLUMNS.find((c) => c.key === key)!.catalogue;
  return { key, header: { vi, en }, width: 22, required: blankCode !== undefined, blankCode, list: lists?.[catalogue] };
}

/**
 * The columns of the sample template and import: the form's fields, references by name (a code is
 * accepted too). `lists` adds the drop-downs of a template: each reference column offers the active
 * items of its catalogue.
 */
export function sampleImportColumns(lists?: ReferenceLists): ExcelColumn<SampleImportColumn>[] {
  return [
    {
      key: 'sampleCode',
      header: { vi: 'Mã mẫu', en: 'Sample code' },
      width: 16,
      format: { vi: 'chữ, số và . _ -; để trống để hệ thống tự tạo', en: 'letters, digits and . _ -; leave empty to have one made' },
    },
    { key: 'name', header: { vi: 'Tên mẫu', en: 'Name' }, width: 28, required: true, blankCode: 'NAME_MUST_BE_NOT_BLANK' },
    { key: 'modelName', header: { vi: 'Tên model', en: 'Model name' }, width: 24, required: true, blankCode: 'MODEL_MUST_BE_NOT_BLANK' },
    { key: 'artNumber', header: { vi: 'Mã art', en: 'Art number' }, width: 16, required: true, blankCode: 'ART_MUST_BE_NOT_BLANK' },
    reference('season', 'Mùa', 'Season', lists, 'SEASON_MUST_BE_NOT_BLANK'),
    reference('stage', 'Giai đoạn', 'Stage', lists),
    reference('type', 'Loại', 'Type', lists),
    reference('size', 'Kích cỡ', 'Size', lists, 'SIZE_MUST_BE_NOT_BLANK'),
    reference('gender', 'Giới tính', 'Gender', lists),
    { key: 'side', header: { vi: 'Bên', en: 'Side' }, width: 10, list: lists ? SAMPLE_SIDES : undefined },
    { key: 'color', header: { vi: 'Màu', en: 'Color' }, width: 16 },
    reference('category', 'Danh mục', 'Category', lists, 'CATEGORY_MUST_BE_NOT_BLANK'),
    reference('customer', 'Khách hàng', 'Customer', lists, 'CUSTOMER_MUST_BE_NOT_BLANK'),
    reference('zone', 'Khu vực', 'Zone', lists),
  ];
}

/**
 * The columns of an export: those of the import (so an export can be edited and imported again)
 * without drop-downs, then what the system keeps: the current tag, the usage count, the date updated.
 */
export function sampleExportColumns(): ExcelColumn<SampleExportColumn>[] {
  return [
    ...sampleImportColumns(),
    { key: 'currentTagCode', header: { vi: 'Thẻ RFID', en: 'RFID tag' }, width: 28 },
    { key: 'usageCount', header: { vi: 'Số lần sử dụng', en: 'Usage count' }, width: 14 },
    { key: 'updatedAt', header: { vi: 'Ngày cập nhật (UTC)', en: 'Date updated (UTC)' }, width: 22, numFmt: 'hh:mm:ss dd/mm/yyyy' },
  ];
}

/** A row of the export: master data by name (`nameOf` an id). */
export function sampleExportRow(r: ExportedSample, nameOf: (id: string | null) => string | null): ExcelRow<SampleExportColumn> {
  return {
    sampleCode: r.sample_code,
    name: r.name,
    modelName: r.model_name,
    artNumber: r.art_number,
    season: nameOf(r.season_id),
    stage: nameOf(r.stage_id),
    type: nameOf(r.type_id),
    size: nameOf(r.size_id),
    gender: nameOf(r.gender_id),
    side: r.side,
    color: r.color,
    category: nameOf(r.category_id),
    customer: nameOf(r.customer_id),
    zone: nameOf(r.current_zone_id),
    currentTagCode: r.current_tag_code,
    usageCount: r.usage_count,
    updatedAt: new Date(r.updated_ms),
  };
}
