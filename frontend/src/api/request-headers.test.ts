import { TIME_ZONE_HEADER } from '@rfid/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInAs } from '../testing/app-harness';
import { fakeApi } from '../testing/fake-api';
import { api } from './client';
import { downloadFile } from './files';

describe('what every request tells the server', () => {
  afterEach(() => vi.restoreAllMocks());

  it("API calls and downloads (an Excel export) name the browser's time zone, the language and the session", async () => {
    const options = new Intl.DateTimeFormat().resolvedOptions();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...options, timeZone: 'Asia/Ho_Chi_Minh' });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockReturnValue();
    signedInAs([]);
    const server = fakeApi({ 'GET /things': () => ({}), 'GET /things/export': () => ({}) });
    await api('/things');
    await downloadFile('/things/export');
    expect(server.calls.map((c) => [c.path, c.headers.get(TIME_ZONE_HEADER), c.headers.get('accept-language'), c.headers.get('authorization')])).toEqual([
      ['/things', 'Asia/Ho_Chi_Minh', 'en', 'Bearer test-token'],
      ['/things/export', 'Asia/Ho_Chi_Minh', 'en', 'Bearer test-token'],
    ]);
  });
});
