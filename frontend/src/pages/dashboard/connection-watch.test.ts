import type { DeviceStatusPush } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { ConnectionWatch } from './connection-watch';

const push = (readerId: string, connection: string) => ({ readerId, code: readerId, live: { connection } }) as unknown as DeviceStatusPush;

describe('the readers’ connections an open dashboard watches', () => {
  it('a first push and a change of connection change the dashboard; the same connection again does not', () => {
    const watch = new ConnectionWatch();
    expect(watch.changed(push('r1', 'CONNECTED'))).toBe(true);
    expect(watch.changed(push('r1', 'CONNECTED'))).toBe(false);
    expect(watch.changed(push('r1', 'DISCONNECTED'))).toBe(true);
    expect(watch.changed(push('r2', 'DISCONNECTED'))).toBe(true);
  });

  it('a newer reading of the dashboard overrides what pushes said of a reader', () => {
    const watch = new ConnectionWatch();
    watch.changed(push('r1', 'DISCONNECTED'));
    watch.changed(push('r2', 'CONNECTED'));
    // read since: r1 back online (not among the offline), r2 offline
    watch.read({ online: 1, offline: [{ id: 'r2', code: 'r2', name: 'r2', since: null }] });
    expect(watch.changed(push('r1', 'DISCONNECTED'))).toBe(true);
    expect(watch.changed(push('r2', 'CONNECTED'))).toBe(true);
  });
});
