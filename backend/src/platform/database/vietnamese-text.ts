import { sql, type RawBuilder } from 'kysely';
import { likePattern } from './paging.js';

/*
 * How lists search and sort the text people write, Vietnamese first.
 *
 * Search is "contains", ignoring case and accents: "giay chay" finds "Giày chạy bộ", "do" finds "Đỏ".
 * Each read model a list searches keeps a search key per row, made by its projection with
 * `searchKey(...)` from the texts the list searches; the list compares it with `searchPattern(q)`.
 * The folding is done here, in TypeScript, and not by the database: lower() follows the server's
 * locale (the C locale leaves "Đ" and "Ỏ" as they are), and unaccent is an extension a server may lack.
 *
 * Sorting uses the collation `vietnamese` (migration 0012: ICU's Vietnamese, the same on PostgreSQL 15
 * and 18): a < ă < â, d < đ, the tones of a letter in the order ngang, huyền, hỏi, ngã, sắc, nặng,
 * and case only where all else is equal, so "acb" < "Xa" < "Xuân" < "Yến".
 */

/** Separates the texts of one search key, so that a search never matches across two of them. */
const BETWEEN_TEXTS = '\u001f';

/**
 * A text as a search compares it: lower case, without accents or other combining marks (NFKD, so
 * full-width letters and ligatures become plain ones), đ as d, control characters and runs of white
 * space as one space.
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/[\s\p{Cc}]+/gu, ' ');
}

/** The search key of a row: its searchable texts folded, absent ones left out. */
export function searchKey(...texts: (string | null | undefined)[]): string {
  return texts
    .filter((t): t is string => t !== null && t !== undefined && t !== '')
    .map(foldForSearch)
    .join(BETWEEN_TEXTS);
}

/** The LIKE pattern that finds a search key containing `q` (its % and _ taken literally). */
export function searchPattern(q: string): string {
  return likePattern(foldForSearch(q));
}

/** A text column in Vietnamese order, for ORDER BY (an index that serves it names the collation too). */
export function inVietnameseOrder(column: string): RawBuilder<string> {
  return sql<string>`${sql.ref(column)} collate vietnamese`;
}
