import type { DashboardView, DeviceStatusPush } from '@rfid/contracts';

/**
 * The readers' connections as pushed to an open dashboard. A reader's status is pushed every second
 * while it reads; only a change of its connection changes the dashboard, so only that reads it again.
 */
export class ConnectionWatch {
  private readonly known = new Map<string, string>();

  /** Records the push; whether it changed what was known of that reader (a first push does). */
  changed(push: DeviceStatusPush): boolean {
    const before = this.known.get(push.readerId);
    this.known.set(push.readerId, push.live.connection);
    return before !== push.live.connection;
  }

  /** What a newer reading of the dashboard says: a reader it names offline, or not, overrides what was pushed. */
  read(readers: DashboardView['readers']): void {
    if (!readers) return;
    const offline = new Set(readers.offline.map((r) => r.id));
    for (const [id, c] of this.known) if (offline.has(id) !== (c === 'DISCONNECTED')) this.known.delete(id);
  }
}
