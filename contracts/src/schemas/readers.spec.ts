import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { issueErrorCode } from './common.js';
import { antennaSetting, createReaderRequest } from './readers.js';

describe("a reader's antennas", () => {
  it('take a power of 0 (off) to 30 dBm; below or above is ANTENNA_POWER_OUT_OF_RANGE, the code the API answers and a form says', () => {
    for (const power of [0, 12.5, 30, '27']) assert.ok(antennaSetting.safeParse({ port: 1, power }).success, String(power));
    for (const power of [-1, 30.1, 31]) {
      const r = antennaSetting.safeParse({ port: 1, power });
      assert.deepEqual(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), issueErrorCode(i as never)]), [['power', 'ANTENNA_POWER_OUT_OF_RANGE']], String(power));
    }
    const body = { code: 'G1', name: 'Gate', kind: 'GATE', format: 'ZEBRA', antennas: [{ port: 1, power: 20 }, { port: 2, power: 31 }] };
    const r = createReaderRequest.safeParse(body);
    assert.deepEqual(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), issueErrorCode(i as never)]), [['antennas.1.power', 'ANTENNA_POWER_OUT_OF_RANGE']]);
  });
});
