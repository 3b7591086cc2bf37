import { screen, waitFor } from '@testing-library/react';
import { P, type SampleDetail } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { TitledPage } from '../../app/page-title';
import { PATHS, samplePath } from '../../app/route-table';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi } from '../../testing/fake-api';
import SampleDetailPage from './SampleDetailPage';

const ID = '00000000-0000-4000-8000-000000000042';
const SEASON = '00000000-0000-4000-8000-000000000001';
const sample: SampleDetail = {
  id: ID,
  sampleCode: 'SP000042',
  name: 'Giày chạy',
  modelName: 'Runner',
  artNumber: 'ART-1',
  seasonId: SEASON,
  seasonName: 'Xuân Hè 2026',
  stageId: null,
  stageName: null,
  typeId: null,
  typeName: null,
  sizeId: SEASON,
  sizeName: '42',
  genderId: null,
  genderName: null,
  side: null,
  color: null,
  categoryId: SEASON,
  categoryName: 'Giày',
  customerId: SEASON,
  customerName: 'Nike VN',
  currentZoneId: null,
  zoneName: null,
  currentTagCode: null,
  currentTagLastSeen: null,
  usageCount: 0,
  missingSince: null,
  version: 1,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};

describe("a sample's page", () => {
  it('is titled with the sample\'s code: "Sample SP000042 | RFID Back-office"', async () => {
    signedInAs([P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL]);
    fakeApi({ [`GET /samples/${ID}`]: () => sample, [`GET /samples/${ID}/history`]: () => [] });
    const page = renderInApp(
      <TitledPage titleKey="samples.detail_title">
        <SampleDetailPage />
      </TitledPage>,
      samplePath(ID),
      PATHS.sampleDetail,
    );
    expect((await screen.findByTestId('sample-title')).textContent).toBe('SP000042 · Giày chạy');
    await waitFor(() => expect(document.title).toBe('Sample SP000042 | RFID Back-office'));
    page.unmount();
  });

  it("says where a reader last saw the sample's tag: when, which reader and antenna, which zone; or that none has", async () => {
    signedInAs([P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL]);
    const seen = { readerId: ID, readerCode: 'GATE-01', readerName: 'Cổng kho A', antenna: 2, zoneId: SEASON, zoneName: 'Kho A', at: new Date(Date.now() - 3 * 60_000).toISOString() };
    const unseen = '00000000-0000-4000-8000-000000000043';
    fakeApi({
      [`GET /samples/${ID}`]: () => ({ ...sample, currentTagCode: 'E2806894000050123400AA01', currentTagLastSeen: seen }),
      [`GET /samples/${unseen}`]: () => ({ ...sample, id: unseen, currentTagCode: 'E2806894000050123400AA02', currentTagLastSeen: null }),
      [`GET /samples/${ID}/history`]: () => [],
      [`GET /samples/${unseen}/history`]: () => [],
    });
    const page = renderInApp(<SampleDetailPage />, samplePath(ID), PATHS.sampleDetail);
    expect((await screen.findByTestId('last-seen')).textContent).toBe('3 minutes ago · GATE-01 Cổng kho A · antenna 2 · Kho A');
    page.unmount();
    renderInApp(<SampleDetailPage />, samplePath(unseen), PATHS.sampleDetail);
    expect((await screen.findByTestId('last-seen')).textContent).toBe('No reader has seen it yet');
  });
});
