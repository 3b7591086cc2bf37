import { apiPath, API } from '@rfid/contracts';

/** The API's stocktake routes (under /api). */
export const STOCKTAKES_ENDPOINT = API.stocktakes.list.path;
export const COUNTINGS_ENDPOINT = API.countings.list.path;

/** A stocktake's API path; its actions, lines, scans and export are under it. */
export const stocktakeApiPath = (id: string): string => apiPath(API.stocktakes.detail, { id });
export const stocktakeLinesPath = (id: string): string => apiPath(API.stocktakes.lines, { id });
export const countingApiPath = (id: string): string => apiPath(API.countings.detail, { id });
