/**
 * The permission catalogue. A code is AREA_RESOURCE_ACTION; DASHBOARD stands alone.
 * The tree (area → resource → actions) is what the user-group screen shows; the flat list is what
 * the server checks. Where the product names a resource without its actions (import and export
 * tickets, products), the actions are the ones its screens need.
 */
export const PERMISSION_TREE = {
  DASHBOARD: {},
  SAMPLE_MANAGEMENT: {
    SAMPLE: ['LIST', 'UPDATE', 'DETAIL', 'SEARCH', 'CREATE', 'DOWNLOAD'],
    IMPORT_TICKET: ['LIST', 'DETAIL', 'CREATE', 'UPDATE', 'DELETE', 'APPROVE'],
    EXPORT_TICKET: ['LIST', 'DETAIL', 'CREATE', 'UPDATE', 'DELETE', 'APPROVE'],
    PRODUCT: ['LIST', 'DETAIL', 'CREATE', 'UPDATE', 'DELETE'],
    INVENTORY: ['LIST'],
    RFID: ['LOCK', 'UNLOCK', 'SEARCH', 'DOWNLOAD', 'DETAIL', 'LIST', 'LINK_TAG', 'CREATE'],
    RFID_LINKING: ['LINK'],
    RFID_UNLINKING: ['UNLINK'],
  },
  SECURITY_GATE: {
    TICKET: ['CREATE', 'DELETE', 'APPROVE', 'LIST', 'UPDATE'],
    CONFIGURATION: ['LIST', 'DETAIL', 'UPDATE', 'CREATE'],
    LOG: ['LIST'],
  },
  STOCKTAKE: {
    COUNTING: ['LIST'],
    STOCKTAKING: ['CREATE', 'LIST', 'UPDATE', 'DETAIL', 'SEARCH'],
  },
  REPORT: {
    LINKING: ['LIST'],
    UNLINKING: ['LIST'],
    ALERT: ['LIST'],
    INVENTORY: ['LIST'],
  },
  SYSTEM_ADMINISTRATION: {
    USER: ['LOCK', 'UNLOCK', 'CHANGE_PASSWORD', 'CREATE', 'LIST', 'UPDATE'],
    USER_GROUP: ['LIST', 'UPDATE', 'CREATE', 'PERMISSION'],
    SYSTEM_CONFIG: ['LIST', 'UPDATE'],
    ALERT_CONFIG: ['LIST', 'CREATE', 'UPDATE', 'DELETE'],
  },
  MASTER_DATA: {
    SESSION: ['LIST', 'CREATE', 'UPDATE', 'DETAIL'],
    STAGE: ['LIST', 'CREATE', 'UPDATE', 'DETAIL'],
    TYPE: ['LIST', 'CREATE', 'UPDATE', 'DETAIL'],
    CUSTOMER: ['LIST', 'CREATE', 'UPDATE', 'DETAIL'],
    GENDER: ['LIST', 'CREATE', 'UPDATE', 'DETAIL'],
    CATEGORY: ['LIST', 'CREATE', 'UPDATE', 'DETAIL'],
    ZONE: ['LIST', 'CREATE', 'UPDATE', 'DETAIL'],
    LOCATION: ['LIST', 'CREATE', 'UPDATE', 'DETAIL'],
    SIZE: ['LIST', 'CREATE', 'UPDATE', 'DETAIL'],
  },
  LOG_MANAGEMENT: {
    INTEGRATION_LOG: ['LIST', 'DETAIL'],
    SYSTEM_LOG: ['LIST', 'DETAIL'],
  },
} as const;

type Tree = typeof PERMISSION_TREE;
type CodesOf<A extends string, R> = {
  [K in keyof R & string]: R[K] extends readonly (infer Act extends string)[] ? `${A}_${K}_${Act}` : never;
}[keyof R & string];
type AreaCodes = { [A in keyof Tree & string]: keyof Tree[A] extends never ? A : CodesOf<A, Tree[A]> }[keyof Tree & string];

export type PermissionCode = AreaCodes;

export interface PermissionArea {
  area: string;
  /** An area without resources (DASHBOARD) is itself a code. */
  code?: PermissionCode;
  resources: { resource: string; actions: { action: string; code: PermissionCode }[] }[];
}

export const PERMISSION_AREAS: PermissionArea[] = Object.entries(PERMISSION_TREE).map(([area, resources]) => {
  const entries = Object.entries(resources as Record<string, readonly string[]>);
  return {
    area,
    code: entries.length === 0 ? (area as PermissionCode) : undefined,
    resources: entries.map(([resource, actions]) => ({
      resource,
      actions: actions.map((action) => ({ action, code: `${area}_${resource}_${action}` as PermissionCode })),
    })),
  };
});

export const ALL_PERMISSIONS: readonly PermissionCode[] = PERMISSION_AREAS.flatMap((a) =>
  a.code ? [a.code] : a.resources.flatMap((r) => r.actions.map((x) => x.code)),
);

const known = new Set<string>(ALL_PERMISSIONS);
export function isPermissionCode(value: string): value is PermissionCode {
  return known.has(value);
}

/** Named constants for the codes the code base refers to, so a typo is a compile error. */
export const P = Object.fromEntries(ALL_PERMISSIONS.map((c) => [c, c])) as { readonly [C in PermissionCode]: C };

/**
 * The permissions of `needed` that `held` lacks. Nobody grants a permission they do not hold, puts a
 * user into a group that holds one, or changes a user or a group that holds one: the server refuses
 * it, and the screens use this to hide what the signed-in user may not do.
 */
export function missingPermissions(held: Iterable<string>, needed: Iterable<string>): string[] {
  const have = new Set(held);
  return [...new Set(needed)].filter((code) => !have.has(code));
}

/** Whether `held` covers every permission of `needed`. */
export function holdsAll(held: Iterable<string>, needed: Iterable<string>): boolean {
  return missingPermissions(held, needed).length === 0;
}
