import { P } from '../permissions.js';
import { expectedVersionQuery } from '../schemas/users.js';
import { createProductRequest, productFilter, productImportResult, productListQuery, productListResponse, productView, updateProductRequest } from '../schemas/products.js';
import { apiRoute as route, routeAccess as access, statusSwitchRoutes } from './api-route.js';

/** The products screen's API. Deactivating and activating need the DELETE permission (they take a product out of use and back). */
export const PRODUCTS_API = {
  list: route({
    method: 'GET',
    path: '/products',
    access: access.permission(P.SAMPLE_MANAGEMENT_PRODUCT_LIST),
    summary: 'List products (paged, searched without accents, filtered by status and supplier, sorted), with the supplier name',
    query: productListQuery,
    response: productListResponse,
  }),
  template: route({
    method: 'GET',
    path: '/products/template',
    access: access.permission(P.SAMPLE_MANAGEMENT_PRODUCT_CREATE),
    summary: "Excel template to import products: header row in the request's language, the active suppliers as a drop-down",
    file: 'download',
  }),
  export: route({
    method: 'GET',
    path: '/products/export',
    access: access.permission(P.SAMPLE_MANAGEMENT_PRODUCT_LIST),
    summary: "Excel export of the products of the list's filter (all pages), the supplier by name",
    query: productFilter,
    file: 'download',
    timeZone: true,
  }),
  import: route({
    method: 'POST',
    path: '/products/import',
    access: access.permission(P.SAMPLE_MANAGEMENT_PRODUCT_CREATE),
    summary: 'Import products from an .xlsx (multipart field "file"): all rows or none; wrong rows (a code or GTIN repeated in the file or in use among them) answer 400 with details [{ row, column, code, message }]',
    response: productImportResult,
    file: 'upload',
  }),
  create: route({
    method: 'POST',
    path: '/products',
    access: access.permission(P.SAMPLE_MANAGEMENT_PRODUCT_CREATE),
    summary: 'Create an ACTIVE product; without a code the system makes one (PR and six digits); 409 PRODUCT_EXISTS, GTIN_EXISTS',
    body: createProductRequest,
    response: productView,
  }),
  detail: route({
    method: 'GET',
    path: '/products/:id',
    access: access.permission(P.SAMPLE_MANAGEMENT_PRODUCT_DETAIL),
    summary: 'One product',
    response: productView,
  }),
  update: route({
    method: 'PUT',
    path: '/products/:id',
    access: access.permission(P.SAMPLE_MANAGEMENT_PRODUCT_UPDATE),
    summary: 'Update a product (every field but the status; an absent code keeps it); `expectedVersion` refuses the change if someone changed it meanwhile',
    body: updateProductRequest,
    query: expectedVersionQuery,
    response: productView,
  }),
  ...statusSwitchRoutes('/products/:id', P.SAMPLE_MANAGEMENT_PRODUCT_DELETE, productView, {
    deactivate: 'Deactivate a product: listed still, no longer linked to new tags, its GTIN no longer identifies tags',
    activate: 'Activate a deactivated product',
  }),
} as const;
