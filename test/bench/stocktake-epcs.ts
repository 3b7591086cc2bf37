/** The stocktake benchmark's tag `i`: 24 hexadecimal digits, the same in the seeding and the reading. */
export const stocktakeBenchEpc = (i: number): string => `E2B0CC${i.toString(16).toUpperCase().padStart(18, '0')}`;
