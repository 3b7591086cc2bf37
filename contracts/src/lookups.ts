import { z } from 'zod';
import { referenceFields, type EntityFields } from './entity-fields.js';
import { P, type PermissionCode } from './permissions.js';
import { booleanQuery, idList, listResponse, pagingQuery, searchText } from './schemas/common.js';
import type { MasterDataKey } from './catalogue-names.js';
import { masterDataCatalogue } from './schemas/master-data.js';
import { LINK_REPORT_SAMPLE_FILTERS } from './schemas/reports.js';
import { PRODUCT_FIELDS } from './schemas/products.js';
import { readerKind } from './schemas/readers.js';
import { SAMPLE_FIELDS } from './schemas/samples.js';
import { tagProduct, tagState } from './schemas/rfid-tags.js';

/*
 * Look-ups: what a form or a filter reads to offer a choice of records kept elsewhere (a season, a
 * group, a sample to link, a scanned tag). A screen must work with the permissions its route needs,
 * so a look-up is readable by whoever may use a screen that picks from it, not only by whoever may
 * manage the looked-up records. Each look-up's access is declared here, once; the server enforces
 * it (any one of the codes lets the call through) and the tests walk every screen with it.
 */

/**
 * A screen that offers master data as choices (its form or its filters), and the permissions under
 * which it does: a field table whose reference fields it offers, or the catalogues of a screen that
 * has no field table (the gate configuration's zone).
 */
type ReferenceUse = ({ fields: EntityFields } | { catalogues: readonly MasterDataKey[] }) & { permissions: readonly PermissionCode[] };

/** Who fills in an import or export ticket's form. */
const TICKET_FORM_PERMISSIONS = [
  P.SAMPLE_MANAGEMENT_IMPORT_TICKET_CREATE,
  P.SAMPLE_MANAGEMENT_IMPORT_TICKET_UPDATE,
  P.SAMPLE_MANAGEMENT_EXPORT_TICKET_CREATE,
  P.SAMPLE_MANAGEMENT_EXPORT_TICKET_UPDATE,
] as const;

/** Who fills in a stocktaking's form: its zones, its handhelds and its users. */
const STOCKTAKE_FORM_PERMISSIONS = [P.STOCKTAKE_STOCKTAKING_CREATE, P.STOCKTAKE_STOCKTAKING_UPDATE] as const;

/** Every screen that offers master data as choices. A new form or filter over a field table adds its row here. */
export const REFERENCE_USES: readonly ReferenceUse[] = [
  // the sample list's filters, the sample form (add, edit)
  { fields: SAMPLE_FIELDS, permissions: [P.SAMPLE_MANAGEMENT_SAMPLE_LIST, P.SAMPLE_MANAGEMENT_SAMPLE_CREATE, P.SAMPLE_MANAGEMENT_SAMPLE_UPDATE] },
  // the product list's filters, the product form (add, edit)
  { fields: PRODUCT_FIELDS, permissions: [P.SAMPLE_MANAGEMENT_PRODUCT_LIST, P.SAMPLE_MANAGEMENT_PRODUCT_CREATE, P.SAMPLE_MANAGEMENT_PRODUCT_UPDATE] },
  // the linking, unlink and alert reports' sample filters
  { fields: LINK_REPORT_SAMPLE_FILTERS, permissions: [P.REPORT_LINKING_LIST, P.REPORT_UNLINKING_LIST, P.REPORT_ALERT_LIST] },
  // the gate configuration's zone filter and the reader form (add, edit)
  { catalogues: ['zones'], permissions: [P.SECURITY_GATE_CONFIGURATION_LIST, P.SECURITY_GATE_CONFIGURATION_CREATE, P.SECURITY_GATE_CONFIGURATION_UPDATE] },
  // the ticket lists' warehouse filter, the inventory's and the inventory report's
  { catalogues: ['zones'], permissions: [P.SAMPLE_MANAGEMENT_IMPORT_TICKET_LIST, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_LIST, P.SAMPLE_MANAGEMENT_INVENTORY_LIST, P.REPORT_INVENTORY_LIST] },
  // the ticket form (create): its warehouse and its supplier
  { catalogues: ['zones', 'customers'], permissions: TICKET_FORM_PERMISSIONS },
  // the stocktaking list's zone filter and its form (create, edit); the counting list's zone filter
  { catalogues: ['zones'], permissions: [...STOCKTAKE_FORM_PERMISSIONS, P.STOCKTAKE_STOCKTAKING_LIST, P.STOCKTAKE_COUNTING_LIST] },
];

/** The catalogues a screen offers choices from. */
const cataloguesOf = (use: ReferenceUse): readonly MasterDataKey[] => ('fields' in use ? referenceFields(use.fields).map((f) => f.catalogue) : use.catalogues);

/** Who may read a catalogue's look-up: whoever lists the catalogue, and whoever uses a screen with a field that references it. */
export function masterDataLookupPermissions(key: MasterDataKey): PermissionCode[] {
  const users = REFERENCE_USES.filter((use) => cataloguesOf(use).includes(key)).flatMap((use) => use.permissions);
  return [...new Set([masterDataCatalogue(key).permissions.list, ...users])];
}

/** Who may read the other look-ups. */
export const LOOKUP_PERMISSIONS = {
  /** The user form's and the user list's group: user groups' own list, and the user screens. */
  userGroups: [
    P.SYSTEM_ADMINISTRATION_USER_GROUP_LIST,
    P.SYSTEM_ADMINISTRATION_USER_LIST,
    P.SYSTEM_ADMINISTRATION_USER_CREATE,
    P.SYSTEM_ADMINISTRATION_USER_UPDATE,
  ],
  /** The sample to link a tag to (the sample list, and the link screen), an internal ticket's samples, a gate ticket's. */
  samples: [P.SAMPLE_MANAGEMENT_SAMPLE_LIST, P.SAMPLE_MANAGEMENT_RFID_LINKING_LINK, ...TICKET_FORM_PERMISSIONS, P.SECURITY_GATE_TICKET_CREATE, P.SECURITY_GATE_TICKET_UPDATE],
  /** A scanned tag, its state and its sample: the tag screens, the link and the unlink screen. */
  tags: [P.SAMPLE_MANAGEMENT_RFID_LIST, P.SAMPLE_MANAGEMENT_RFID_DETAIL, P.SAMPLE_MANAGEMENT_RFID_LINKING_LINK, P.SAMPLE_MANAGEMENT_RFID_UNLINKING_UNLINK],
  /** A user to assign a reader to (the gate configuration's reader detail), the user screens, the alert configuration's user, a stocktaking's counters. */
  users: [
    P.SECURITY_GATE_CONFIGURATION_UPDATE,
    P.SYSTEM_ADMINISTRATION_USER_LIST,
    P.SYSTEM_ADMINISTRATION_USER_CREATE,
    P.SYSTEM_ADMINISTRATION_USER_UPDATE,
    P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_CREATE,
    P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_UPDATE,
    ...STOCKTAKE_FORM_PERMISSIONS,
  ],
  /**
   * A reader: the gate configuration, the integration log's reader filter, a ticket's gate and equipment, the gate history's, gate tickets' and
   * alert report's gates, a stocktaking's handhelds, the counting list's reader filter.
   */
  readers: [
    P.SECURITY_GATE_CONFIGURATION_LIST,
    P.LOG_MANAGEMENT_INTEGRATION_LOG_LIST,
    ...TICKET_FORM_PERMISSIONS,
    P.SECURITY_GATE_LOG_LIST,
    P.SECURITY_GATE_TICKET_LIST,
    P.SECURITY_GATE_TICKET_CREATE,
    P.SECURITY_GATE_TICKET_UPDATE,
    P.REPORT_ALERT_LIST,
    ...STOCKTAKE_FORM_PERMISSIONS,
    P.STOCKTAKE_COUNTING_LIST,
  ],
} as const satisfies Record<string, readonly PermissionCode[]>;

/**
 * A page of a look-up: the items whose code or name holds `q`, or the items `ids` names; `active`
 * keeps only the items still in use (a form's choices; a filter offers the inactive ones too).
 */
export const lookupQuery = pagingQuery.extend({
  q: searchText.optional(),
  ids: idList.optional(),
  active: booleanQuery.optional(),
});
export type LookupQuery = z.infer<typeof lookupQuery>;

/** Readers to choose from; `kind=GATE` offers gates only (a gate ticket's gates, the gate history's filter), `kind=HANDHELD` handhelds only (a stocktaking's). */
export const readerLookupQuery = lookupQuery.extend({ kind: readerKind.optional() });
export type ReaderLookupQuery = z.infer<typeof readerLookupQuery>;

/** One choice: its id, its code where it has one, its name, whether it is still in use. */
export const lookupItem = z.object({ id: z.uuid(), code: z.string().nullable(), name: z.string(), active: z.boolean() });
export type LookupItem = z.infer<typeof lookupItem>;
export const lookupResponse = listResponse(lookupItem);

/** Samples to choose from: by code, name, model or art number, or by id; `linked=false` only those without a tag. */
export const sampleLookupQuery = pagingQuery.extend({
  q: searchText.optional(),
  ids: idList.optional(),
  linked: booleanQuery.optional(),
});
export type SampleLookupQuery = z.infer<typeof sampleLookupQuery>;

export const sampleLookupItem = z.object({
  id: z.uuid(),
  sampleCode: z.string(),
  name: z.string(),
  modelName: z.string(),
  artNumber: z.string(),
  currentTagCode: z.string().nullable(),
});
export type SampleLookupItem = z.infer<typeof sampleLookupItem>;
export const sampleLookupResponse = listResponse(sampleLookupItem);

/** A scanned tag as the link and unlink screens check it: its state and the sample it is linked to. */
export const tagLookup = z.object({
  code: z.string(),
  state: tagState,
  locked: z.boolean(),
  sampleId: z.uuid().nullable(),
  sampleCode: z.string().nullable(),
  sampleName: z.string().nullable(),
  /** Present only on a tag linked to a product. */
  product: tagProduct.optional(),
});
export type TagLookup = z.infer<typeof tagLookup>;
