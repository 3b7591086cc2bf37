/** A sample as the list and detail answer it (GET /api/samples). */
export type { SampleView as SampleRow } from '@rfid/contracts';
