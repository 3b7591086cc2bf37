/** Validation limits and business constants (field lengths, page sizes, timings of the screens), shared by server and browser. */
export const LIMITS = {
  USERNAME_MIN: 4,
  USERNAME_MAX: 25,
  PASSWORD_MIN: 6,
  /** Upper bound so a hash cannot be made to burn CPU on megabytes of input. */
  PASSWORD_MAX: 128,
  FULL_NAME_MAX: 30,
  TEXT_MAX: 50,
  SEARCH_MIN: 2,
  ZONE_ID_MIN: 2,
  ZONE_ID_MAX: 100,
  UNLINK_MAX: 15,
  /** The optional reason typed when unlinking tags. */
  UNLINK_REASON_MAX: 200,
  /** Tag codes registered by one request (a pasted or scanned list). */
  TAG_REGISTER_MAX: 1000,
  ANTENNA_POWER_MAX: 30,
  QUANTITY_MIN: 1,
  /** The most of one product a ticket line or a gate ticket names (and what its integer column holds with room). */
  QUANTITY_MAX: 1_000_000,
  /** The largest whole number an integer column holds (PostgreSQL's integer): versions and the like. */
  INT_MAX: 2_147_483_647,
  /** The last page a list is asked for (its offset stays a number the database takes). */
  PAGE_MAX: 1_000_000,
  /** How deep a JSON body may nest (objects in arrays in objects ...); deeper is refused before anything reads it. */
  JSON_DEPTH_MAX: 32,
  /** The EPCs one upload to a stocktake may carry (its request body is sized to take them). */
  STOCKTAKE_UPLOAD_EPCS_MAX: 100_000,
  /** The reason typed in the disable-alert dialog's 6-row text area. */
  DISABLE_REASON_MAX: 500,
  /** Largest Excel file an import accepts (413 PAYLOAD_TOO_LARGE above it). */
  EXCEL_UPLOAD_MAX_BYTES: 5 * 1024 * 1024,
  /** The longest text one cell of an imported sheet may hold; the read stops at a longer one. */
  IMPORT_CELL_MAX: 1000,
  /** The row errors an import answer lists (the first ones; `detailsTotal` counts them all). */
  IMPORT_ERRORS_SHOWN: 100,
} as const;

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;

export const UI_CONSTANTS = {
  TOAST_MS: 3000,
  NOTIFICATION_POLL_MS: 15_000,
  NOTIFICATION_DROPDOWN_SIZE: 5,
  BADGE_CAP: 9,
  SIDEBAR_WIDTH_PX: 260,
  SIDEBAR_AUTO_COLLAPSE_PX: 1024,
  SUBMENU_ANIMATION_MS: 300,
  SCROLL_TOP_AFTER_PX: 50,
  LOADER_FADE_MS: 200,
} as const;
