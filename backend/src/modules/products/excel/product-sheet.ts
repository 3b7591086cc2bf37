import { exportedColumns, PRODUCT_FIELDS, PRODUCT_SYSTEM_COLUMNS, type Language } from '@rfid/contracts';
import { entityColumns, exportCells, importRowSchema, type ReferenceLists } from '../../../platform/entity-fields/entity-sheet.js';
import type { ExcelColumn } from '../../../platform/excel/excel-column.js';
import type { ExcelRow } from '../../../platform/excel/workbook-writer.js';
import type { ExportedProduct } from '../queries/products.queries.js';

/** The fields a sheet imports: all but the status (a new product is ACTIVE; deactivating is a screen's act). */
const { status: _status, ...SHEET_FIELDS } = PRODUCT_FIELDS;
export const PRODUCT_SHEET_FIELDS = SHEET_FIELDS;

export type ProductImportColumn = keyof typeof PRODUCT_SHEET_FIELDS;
export type ProductExportColumn = ProductImportColumn | 'status' | 'updatedAt';

export const PRODUCT_SHEET_TITLE: Record<Language, string> = { vi: 'Sản phẩm', en: 'Products' };

/** The columns of the template and the import; `lists` (a template's) adds the supplier drop-down. */
export function productImportColumns(lists?: ReferenceLists): ExcelColumn<ProductImportColumn>[] {
  return entityColumns(PRODUCT_SHEET_FIELDS, lists);
}

/** A row of the sheet as checked by the form's rules; the supplier still a name or code. */
export const productImportRow = importRowSchema(PRODUCT_SHEET_FIELDS);

/** The columns of an export: those of the import (an export can be imported again), then the status and the date updated. */
export function productExportColumns(): ExcelColumn<ProductExportColumn>[] {
  const status = entityColumns({ status: PRODUCT_FIELDS.status })[0]!;
  return [...productImportColumns(), status, ...exportedColumns(PRODUCT_SYSTEM_COLUMNS)];
}

/** A row of the export: the supplier by name (`nameOf` an id). */
export function productExportRow({ fields, status, updatedMs }: ExportedProduct, nameOf: (id: string | null) => string | null): ExcelRow<ProductExportColumn> {
  return { ...exportCells(PRODUCT_SHEET_FIELDS, fields, nameOf), status, updatedAt: new Date(updatedMs) };
}
