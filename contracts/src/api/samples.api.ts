import { P } from '../permissions.js';
import { LOOKUP_PERMISSIONS, sampleLookupQuery, sampleLookupResponse } from '../lookups.js';
import { createSampleRequest, sampleDetail, sampleFilter, sampleImportQuery, sampleImportResult, sampleListQuery, sampleListResponse, sampleTimeline, sampleView, updateSampleRequest } from '../schemas/samples.js';
import { expectedVersionQuery } from '../schemas/users.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** The samples screen's API. */
export const SAMPLES_API = {
  list: route({
    method: 'GET',
    path: '/samples',
    access: access.permission(P.SAMPLE_MANAGEMENT_SAMPLE_LIST),
    summary: 'List samples (paged, filtered, sorted), with the names of their master data',
    query: sampleListQuery,
    response: sampleListResponse,
  }),
  lookup: route({
    method: 'GET',
    path: '/samples/lookup',
    access: access.anyPermission(LOOKUP_PERMISSIONS.samples),
    summary: 'Samples to choose from (the sample to link a tag to): by code, name, model or art number, or by ids; `linked=false` only those without a tag; by code, paged',
    query: sampleLookupQuery,
    response: sampleLookupResponse,
  }),
  template: route({
    method: 'GET',
    path: '/samples/template',
    access: access.permission(P.SAMPLE_MANAGEMENT_SAMPLE_DOWNLOAD),
    summary: "Excel template to import samples: header row in the request's language, drop-downs of the active master data on a hidden sheet",
    file: 'download',
  }),
  export: route({
    method: 'GET',
    path: '/samples/export',
    access: access.permission(P.SAMPLE_MANAGEMENT_SAMPLE_DOWNLOAD),
    summary: "Excel export of the samples of the list's filter (all pages), master data by name, formula-looking text escaped",
    query: sampleFilter,
    file: 'download',
    timeZone: true,
  }),
  import: route({
    method: 'POST',
    path: '/samples/import',
    access: access.permission(P.SAMPLE_MANAGEMENT_SAMPLE_CREATE),
    summary: 'Import samples from an .xlsx (multipart field "file"): all rows or none; wrong rows answer 400 with details [{ row, column, code, message }]; ' +
      'a sample code repeated in the file answers 409 SAMPLE_EXISTS_IN_FILE with details [{ sampleCode, rows }] unless removeDuplicates=true',
    query: sampleImportQuery,
    response: sampleImportResult,
    file: 'upload',
  }),
  create: route({
    method: 'POST',
    path: '/samples',
    access: access.permission(P.SAMPLE_MANAGEMENT_SAMPLE_CREATE),
    summary: 'Register a sample; without a sampleCode the system makes one (SP and six digits)',
    body: createSampleRequest,
    response: sampleView,
  }),
  detail: route({
    method: 'GET',
    path: '/samples/:id',
    access: access.permission(P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL),
    summary: 'One sample, with where a reader last saw its current tag (`currentTagLastSeen`)',
    response: sampleDetail,
  }),
  history: route({
    method: 'GET',
    path: '/samples/:id/history',
    access: access.permission(P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL),
    summary: "The sample's timeline, newest first: registered, updated (the fields changed, old → new, master data by name), tag linked, tag unlinked (with its reason); each with when and who",
    response: sampleTimeline,
  }),
  update: route({
    method: 'PUT',
    path: '/samples/:id',
    access: access.permission(P.SAMPLE_MANAGEMENT_SAMPLE_UPDATE),
    summary: 'Update a sample (every field; an absent sampleCode keeps it); `expectedVersion` refuses the change if someone changed it meanwhile',
    query: expectedVersionQuery,
    body: updateSampleRequest,
    response: sampleView,
  }),
  remove: route({
    method: 'DELETE',
    path: '/samples/:id',
    access: access.permission(P.SAMPLE_MANAGEMENT_SAMPLE_UPDATE),
    summary: 'Delete a sample: refused with 409 SAMPLE_LINKED while a tag is linked to it; its history stays in the event store',
    status: 204,
  }),
} as const;
