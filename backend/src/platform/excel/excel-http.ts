import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import { IMPORT_PROGRESS_HEADER, LIMITS, REALTIME_EVENTS, type Language } from '@rfid/contracts';
import type { Response } from 'express';
import { AppError } from '../errors/app-error.js';
import { FileUpload, type UploadedFileData } from '../http/file-upload.js';
import { TimeZoneHeader } from '../http/time-zone.js';
import { wallClockTime } from '../time-zone.js';
import { IMPORT_MESSAGES } from './import-messages.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The largest .xlsx an import reads (contracts' LIMITS, so the browser can say so before uploading). */
export const EXCEL_MAX_BYTES = LIMITS.EXCEL_UPLOAD_MAX_BYTES;

/** `seasons-2026-11-21.xlsx`: what the file is, and the day it was made (in the user's time zone when known). */
export function excelFileName(base: string, now = new Date(), timeZone = 'UTC'): string {
  return `${base}-${wallClockTime(now, timeZone).toISOString().slice(0, 10)}.xlsx`;
}

/** Headers of an .xlsx answer, before the workbook streams into it. */
export function startExcelDownload(res: Response, base: string, timeZone?: string): void {
  res.setHeader('Content-Type', XLSX_CONTENT_TYPE);
  res.setHeader('Content-Disposition', `attachment; filename="${excelFileName(base, new Date(), timeZone)}"`);
}

/** OpenAPI of a route that answers an .xlsx file. */
export const ExcelFileResponse = () =>
  applyDecorators(ApiProduces(XLSX_CONTENT_TYPE), ApiOkResponse({ description: 'An .xlsx workbook', schema: { type: 'string', format: 'binary' } }));

/** OpenAPI of an export: an .xlsx file whose dates and times are in the client's time zone (RequestTimeZone). */
export const ExcelExportResponse = () => applyDecorators(ExcelFileResponse(), TimeZoneHeader());

/** An import route: multipart field `file`, at most EXCEL_MAX_BYTES; its progress pushed when the request names it. */
export const ExcelUpload = () =>
  applyDecorators(
    FileUpload('file', EXCEL_MAX_BYTES),
    ApiHeader({
      name: IMPORT_PROGRESS_HEADER,
      required: false,
      description: `An id (1-64 letters, digits or '-') for this import: its progress is pushed to the user's socket.io connections as "${REALTIME_EVENTS.IMPORT_PROGRESS}" { progressId, phase: reading | checking | writing, done, total }`,
    }),
  );

// Every .xlsx is a zip archive, which starts with "PK\x03\x04".
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The uploaded file's content if it is an .xlsx; else 400 BAD_REQUEST_ERROR naming the field. */
export function xlsxContent(file: UploadedFileData | undefined, language: Language): Buffer {
  if (!file) throw new AppError('BAD_REQUEST_ERROR', [{ field: 'file', rule: 'required', message: IMPORT_MESSAGES.noFile[language] }]);
  if (!/\.xlsx$/i.test(file.originalname) || !file.buffer.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    throw new AppError('BAD_REQUEST_ERROR', [{ field: 'file', rule: 'xlsx', message: IMPORT_MESSAGES.notXlsx[language] }]);
  }
  return file.buffer;
}
