import { defaultReaderTopics, type ReaderView } from '@rfid/contracts';

/** A registered reader as the API answers it: a gate, disconnected, never heard from. */
export function readerView(overrides: Partial<ReaderView> = {}): ReaderView {
  const code = overrides.code ?? 'GATE-01';
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    code,
    name: 'Cổng kho A',
    kind: 'GATE',
    format: 'ZEBRA',
    zoneId: null,
    zoneName: null,
    host: null,
    antennas: [
      { port: 1, power: 27 },
      { port: 2, power: 0 },
    ],
    deviceMode: 'READ_TAG',
    operatingMode: 'MANUAL',
    switch: 'ON',
    topics: defaultReaderTopics(code),
    live: { connection: 'DISCONNECTED', connectionChangedAt: null, lastHeartbeatAt: null, lastMessageAt: null, temperature: null, readsPerSecond: 0, firmware: null, scanning: false, sessions: 0 },
    users: [],
    version: 1,
    createdAt: '2026-11-24T08:00:00.000Z',
    updatedAt: '2026-11-24T08:00:00.000Z',
    ...overrides,
  };
}
