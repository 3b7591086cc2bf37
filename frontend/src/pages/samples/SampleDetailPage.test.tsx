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
  usage: { links: 0, loans: 0 },
  place: { state: 'IN', zoneId: null, zoneName: 'Kho A', ticketId: null, ticketCode: null, since: null, by: null, note: null },
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

  it('says where the sample is (out on a ticket, since when, made by whom), what its usage adds up, and the tickets, gates and stocktakes it went through', async () => {
    signedInAs([P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL]);
    const TICKET = '00000000-0000-4000-8000-000000000077';
    const STOCKTAKE = '00000000-0000-4000-8000-000000000078';
    const actor = { id: null, name: 'kho.clerk', kind: 'user' };
    const at = '2026-11-29T03:15:00.000Z';
    fakeApi({
      [`GET /samples/${ID}`]: () => ({
        ...sample,
        usageCount: 3,
        usage: { links: 1, loans: 2 },
        place: { state: 'OUT', zoneId: null, zoneName: null, ticketId: TICKET, ticketCode: 'ET000007', since: at, by: 'kho.clerk', note: 'Hội chợ' },
      }),
      [`GET /samples/${ID}/history`]: () => [
        { action: 'GatePassDecided', id: 4, recordedAt: at, actor, gateCode: 'GATE-01', passDirection: 'OUT', decision: 'ALLOWED', permitCode: 'ET000007' },
        { action: 'TicketClosed', id: 3, recordedAt: at, actor, ticketId: TICKET, ticketCode: 'ET000007', direction: 'EXPORT', moved: 'OUT' },
        { action: 'StocktakeClosed', id: 2, recordedAt: at, actor, stocktakeId: STOCKTAKE, stocktakeCode: 'KK000002', result: 'FOUND' },
        { action: 'SampleRegistered', id: 1, recordedAt: at, actor },
      ],
    });
    renderInApp(<SampleDetailPage />, samplePath(ID), PATHS.sampleDetail);
    const place = await screen.findByTestId('sample-place');
    expect(place.dataset.state).toBe('OUT');
    expect(place.textContent).toMatch(/^Out on ET000007 since .*Ticket by kho\.clerk · Hội chợ$/);
    expect(place.querySelector('a')!.getAttribute('href')).toBe(`/sample-management/export-ticket/internal/${TICKET}`);
    expect(screen.getByTestId('sample-usage').textContent).toBe('3 (1 tag links + 2 loans on export tickets)');
    const history = await screen.findByTestId('history');
    const entries = [...history.querySelectorAll(':scope > li > strong')].map((e) => e.textContent);
    expect(entries).toEqual(['Passed gate GATE-01 (Out): Allowed on ET000007', 'Lent out on ET000007', 'Stocktaking KK000002: Found', 'Registered']);
    expect(history.querySelector('li[data-action=StocktakeClosed] a')!.getAttribute('href')).toBe(`/stocktake/stocktaking/${STOCKTAKE}`);
  });
});
