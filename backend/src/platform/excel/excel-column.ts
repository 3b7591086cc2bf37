import type { ErrorCode, Language } from '@rfid/contracts';

/**
 * One column of a screen's Excel files (template, export, import): the same list drives all three,
 * so a downloaded template or export can be filled in and imported as it is.
 */
export interface ExcelColumn<K extends string = string> {
  /** The field the column holds: rows are keyed by it. */
  key: K;
  /** Written in the language of the request; an import accepts either. */
  header: Record<Language, string>;
  /** In characters; 20 when not given. */
  width?: number;
  /** Values offered as a drop-down list (kept on a hidden sheet). An import still validates the cell. */
  list?: readonly string[];
  /** An import refuses a file without this column. */
  required?: boolean;
  /** The error code of an empty cell when the rule has its own (NAME_MUST_BE_NOT_BLANK); else BAD_REQUEST_ERROR. */
  blankCode?: ErrorCode;
  /** The cells' number format. */
  numFmt?: string;
  /**
   * A column of date-times: its cells are written as the wall-clock time of the workbook's time zone
   * (the user's, as the screens show them), formatted hh:mm:ss dd/mm/yyyy, and its header names the zone.
   */
  dateTime?: true;
  /** What a well-formed value looks like, added to the wrong-format message of an import. */
  format?: Record<Language, string>;
  /** Headers of earlier templates that an import still reads as this column (a renamed column). */
  formerHeaders?: readonly string[];
}

export function headerOf(column: ExcelColumn, language: Language): string {
  return column.header[language];
}
