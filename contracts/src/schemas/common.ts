import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, LIMITS, PAGE_SIZES } from '../limits.js';

export const uuid = z.uuid();

/** `page` from 1 and `size` one of SPEC's page sizes; query strings arrive as text. */
export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `size must be one of ${PAGE_SIZES.join(', ')}` })
    .default(DEFAULT_PAGE_SIZE),
});

/** A search or filter text: at least SEARCH_MIN characters after trimming. */
export const searchText = z.string().trim().min(LIMITS.SEARCH_MIN).max(100);

/** `sort=field:asc` or `sort=field:desc` over the given fields. */
export function sortQuery<const F extends readonly [string, ...string[]]>(fields: F, fallback: `${F[number]}:${'asc' | 'desc'}`) {
  return z
    .string()
    .regex(new RegExp(`^(${fields.join('|')}):(asc|desc)$`), { message: `sort must be field:asc|desc with field one of ${fields.join(', ')}` })
    .default(fallback)
    .transform((s) => {
      const [field, dir] = s.split(':') as [F[number], 'asc' | 'desc'];
      return { field, dir };
    });
}

/** Date-range filter bounds, ISO 8601 date-times. */
export const isoDateTime = z.iso.datetime({ offset: true }).transform((s) => new Date(s));

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}

export interface ListResponse<T> {
  data: T[];
  total: number;
  page: number;
  size: number;
}

export const activeStatus = z.enum(['ACTIVE', 'INACTIVE']);
export type ActiveStatus = z.infer<typeof activeStatus>;
