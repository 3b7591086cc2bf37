import type { Language } from '@rfid/contracts';

type Text = Record<Language, string>;

/** The wording of an import's row errors, in both languages (the error codes have theirs in contracts' ERRORS). */
export const IMPORT_MESSAGES = {
  blank: { vi: 'Không được để trống', en: 'Must not be blank' },
  wrongFormat: { vi: 'Sai định dạng', en: 'Wrong format' },
  invalid: { vi: 'Giá trị không hợp lệ', en: 'Invalid value' },
  notXlsx: { vi: 'Chỉ nhận tệp Excel .xlsx', en: 'Only Excel .xlsx files are accepted' },
  noFile: { vi: 'Chưa chọn tệp (trường "file")', en: 'No file was sent (field "file")' },
  noRows: { vi: 'Tệp không có dòng dữ liệu nào', en: 'The file has no data rows' },
  missingColumn: { vi: 'Thiếu cột này ở dòng tiêu đề', en: 'This column is missing from the header row' },
  atMost: (n: number): Text => ({ vi: `Tối đa ${n} ký tự`, en: `At most ${n} characters` }),
  atLeast: (n: number): Text => ({ vi: `Ít nhất ${n} ký tự`, en: `At least ${n} characters` }),
  oneOf: (values: string): Text => ({ vi: `Phải là một trong: ${values}`, en: `Must be one of: ${values}` }),
  sameAsRow: (row: number): Text => ({ vi: `trùng với dòng ${row}`, en: `same as row ${row}` }),
  tooManyRows: (max: number): Text => ({ vi: `Một lần nhập tối đa ${max} dòng dữ liệu`, en: `One import takes at most ${max} data rows` }),
  partTooLarge: { vi: 'Tệp giải nén ra quá lớn', en: 'The file unzips to too much data' },
  cellTooLong: (max: number): Text => ({ vi: `Một ô tối đa ${max} ký tự`, en: `A cell holds at most ${max} characters` }),
} as const;
