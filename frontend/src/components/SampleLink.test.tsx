import { screen, within } from '@testing-library/react';
import { P, type LinkReportEntry, type LinkReportResponse, type ListResponse, type PermissionCode, type TagView } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { PATHS, samplePath } from '../app/route-table';
import LinkReportPage from '../pages/reports/LinkReportPage';
import RfidTagsPage from '../pages/rfid/RfidTagsPage';
import { renderInApp, signedInAs } from '../testing/app-harness';
import { fakeApi } from '../testing/fake-api';

const SAMPLE = '00000000-0000-4000-8000-000000000042';
const now = new Date().toISOString();
const tag: TagView = { code: 'E2801170000020A1B2C3D01', state: 'LINKED', locked: false, sampleId: SAMPLE, sampleCode: 'SP000042', container: null, sgtin: null, version: 2, createdAt: now, updatedAt: now };
const entry: LinkReportEntry = {
  id: 7,
  at: now,
  tagCode: tag.code,
  sampleId: SAMPLE,
  sampleCode: 'SP000042',
  sampleName: 'Giày',
  modelName: null,
  artNumber: null,
  seasonName: null,
  sizeName: null,
  customerName: null,
  userId: null,
  username: 'admin',
  reason: null,
};

function server() {
  fakeApi({
    'GET /rfid-tags': (): ListResponse<TagView> => ({ data: [tag], total: 1, page: 1, size: 10 }),
    'GET /reports/linking': (): LinkReportResponse => ({ data: [entry], total: 1, page: 1, size: 10, totals: { events: 1, tags: 1, samples: 1 } }),
    'GET /reports/linking/users': () => [],
  });
}

/** The sample code's cell in the row of the list. */
async function sampleCell() {
  const row = (await screen.findByText(tag.code)).closest('tr')!;
  return within(row).getByText('SP000042');
}

describe('a sample code in a list opens the sample', () => {
  for (const [name, page, url, permission] of [
    ['the RFID tag list', <RfidTagsPage />, PATHS.rfidList, P.SAMPLE_MANAGEMENT_RFID_LIST],
    ['the linking report', <LinkReportPage />, PATHS.linkingReport, P.REPORT_LINKING_LIST],
  ] as const) {
    it(`${name}: a link to the sample's page, for a user who may open it`, async () => {
      signedInAs([permission as PermissionCode, P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL]);
      server();
      renderInApp(page, url);
      const cell = await sampleCell();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(name === 'the RFID tag list' ? 'RFID tags' : 'Linking report');
      expect(cell.tagName).toBe('A');
      expect(cell.getAttribute('href')).toBe(samplePath(SAMPLE));
    });

    it(`${name}: plain text for a user who may not`, async () => {
      signedInAs([permission as PermissionCode]);
      server();
      renderInApp(page, url);
      expect((await sampleCell()).tagName).not.toBe('A');
    });
  }
});
