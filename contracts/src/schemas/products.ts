import { z } from 'zod';
import { defineListColumns, sortColumnKeys } from '../list-columns.js';
import { catalogueItemName } from '../catalogue-names.js';
import { LIMITS } from '../limits.js';
import { importResult } from './excel.js';
import { catalogueReference, defineEntityFields, madeCode, fieldKeys, filterShape, requestShape, sortableKeys, viewShape, type EntityValues } from '../entity-fields.js';
import { listResponse, pagingQuery, savedRecord, searchText, sortQuery } from './common.js';

export const PRODUCT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** A box holds at most this many units. */
export const QUANTITY_PER_BOX_MAX = 100_000;

/**
 * A product's fields, in the order of its form and its Excel sheet. The code is the user's (unique
 * among products) or, left blank, made by the system (PR and six digits), as a sample's is. The status
 * is changed by deactivating and activating, never by the form or an import.
 */
export const PRODUCT_FIELDS = defineEntityFields({
  code: madeCode({ label: 'products.code', excel: { header: { vi: 'Mã sản phẩm', en: 'Product code' }, width: 18 } }),
  name: {
    kind: 'text',
    max: LIMITS.TEXT_MAX,
    blank: 'NAME_MUST_BE_NOT_BLANK',
    label: 'products.name',
    search: true,
    column: 'sortable',
    excel: { header: { vi: 'Tên sản phẩm', en: 'Name' }, width: 30 },
  },
  unit: {
    kind: 'text',
    max: LIMITS.TEXT_MAX,
    label: 'products.unit',
    column: true,
    excel: { header: { vi: 'Đơn vị tính', en: 'Unit' }, width: 12 },
  },
  quantityPerBox: {
    kind: 'integer',
    min: 1,
    max: QUANTITY_PER_BOX_MAX,
    default: 1,
    notValid: 'QUANTITY_PER_BOX_NOT_VALID',
    label: 'products.quantityPerBox',
    column: 'sortable',
    excel: { header: { vi: 'Số lượng mỗi thùng', en: 'Quantity per box' }, width: 16, format: { vi: 'số nguyên từ 1', en: 'a whole number from 1' } },
  },
  supplierId: catalogueReference('customers', { name: 'supplierName', column: true, filter: {}, excel: { header: catalogueItemName('customers'), width: 22 } }),
  gtin: {
    kind: 'gtin',
    notValid: 'GTIN_NOT_VALID',
    label: 'products.gtin',
    search: true,
    column: true,
    excel: { header: { vi: 'GTIN', en: 'GTIN' }, width: 18, format: { vi: '8, 12, 13 hoặc 14 chữ số, số kiểm tra đúng', en: '8, 12, 13 or 14 digits with a valid check digit' } },
  },
  status: {
    kind: 'enum',
    values: PRODUCT_STATUSES,
    notFound: 'BAD_REQUEST_ERROR',
    blank: 'BAD_REQUEST_ERROR',
    label: 'products.status',
    form: false,
    column: true,
    filter: {},
    excel: { header: { vi: 'Trạng thái', en: 'Status' }, width: 12 },
  },
});
export type ProductFieldKey = keyof typeof PRODUCT_FIELDS;
/** What a product is: the values of its fields, the supplier by id. */
export type ProductFieldValues = EntityValues<typeof PRODUCT_FIELDS>;
export const PRODUCT_FIELD_KEYS = fieldKeys(PRODUCT_FIELDS);

/** Create: every field's rule but the status (a new product is ACTIVE); without a `code` the system makes one. */
export const createProductRequest = z.object(requestShape(PRODUCT_FIELDS)).omit({ status: true });
export type CreateProductRequest = z.infer<typeof createProductRequest>;

/** Update replaces every field but the status (an absent optional one is cleared); an absent `code` keeps the code. */
export const updateProductRequest = createProductRequest;
export type UpdateProductRequest = z.infer<typeof updateProductRequest>;

/** The product list's columns beyond its fields (PRODUCT_FIELDS). */
export const PRODUCT_SYSTEM_COLUMNS = defineListColumns({
  createdAt: { sort: true },
  updatedAt: { label: 'common.updated_at', header: { vi: 'Ngày cập nhật', en: 'Date updated' }, width: 34, dateTime: true, sort: true },
});
export const PRODUCT_SORT_FIELDS = [...sortableKeys(PRODUCT_FIELDS), ...sortColumnKeys(PRODUCT_SYSTEM_COLUMNS)] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

/** The filters of the product list and of its Excel export. */
export const productFilter = z.object({
  /** Searches code, name and GTIN, ignoring case and accents. */
  q: searchText.optional(),
  ...filterShape(PRODUCT_FIELDS),
  sort: sortQuery(PRODUCT_SORT_FIELDS as readonly ProductSortField[] as [ProductSortField, ...ProductSortField[]], 'updatedAt:desc'),
});
export type ProductFilter = z.infer<typeof productFilter>;

export const productListQuery = pagingQuery.extend(productFilter.shape);
export type ProductListQuery = z.infer<typeof productListQuery>;

/** A product as the list and the detail answer it: its fields, the supplier's name, then what the system keeps. */
export const productView = z.object({
  id: z.uuid(),
  ...viewShape(PRODUCT_FIELDS),
  ...savedRecord,
});
export type ProductView = z.infer<typeof productView>;

export const productListResponse = listResponse(productView);

export const productImportResult = importResult;
export type ProductImportResult = z.infer<typeof productImportResult>;
