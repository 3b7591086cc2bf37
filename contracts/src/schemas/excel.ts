import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.js';

/**
 * One wrong cell of an Excel import: the spreadsheet row number (the header is row 1), the column's
 * header as the answer's language names it, an error code of ERRORS, and a message in that language.
 * An import with any of these writes nothing; they come as the `details` of a 400 BAD_REQUEST_ERROR.
 */
export const importRowError = z.object({
  row: z.number().int(),
  column: z.string(),
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

export const importResult = z.object({ created: z.number().int() });

/**
 * The request header that names the browser's time zone (IANA, `Asia/Ho_Chi_Minh`): an Excel export
 * writes its dates and times in that zone, as the screens show them, and names the zone in the
 * columns' headers. Without it, UTC; a name that is no time zone is 400 TIME_ZONE_NOT_VALID.
 */
export const TIME_ZONE_HEADER = 'x-time-zone';
export type ImportResult = z.infer<typeof importResult>;
