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
export type ImportResult = z.infer<typeof importResult>;
