import { createMasterDataItemRequest, createSampleRequest, createUserRequest } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { textRules } from './text-rules';

describe('the text rules of a shared schema', () => {
  it('are read from its checks, through optional, nullable and preprocessing wrappers', () => {
    expect(textRules(createMasterDataItemRequest('zones'))).toEqual({ code: { min: 2, max: 100, pattern: 'UPPER_CASE_AND_DIGITS' }, name: { min: 1, max: 50 }, description: { max: 50 } });
    const user = textRules(createUserRequest);
    expect(user.username).toEqual({ min: 4, max: 25, pattern: 'USERNAME' });
    expect(user.password).toEqual({ min: 6, max: 128, pattern: 'NO_SPACES' });
    expect(user.groupId, 'a uuid is no text rule of ours').toEqual({});
    const sample = textRules(createSampleRequest);
    expect(sample.name).toEqual({ max: 50 });
    expect(sample.sampleCode).toEqual({ min: 1, max: 50, pattern: 'CODE' });
    expect(sample.seasonId, 'a reference (an id) has no length or character rule').toEqual({});
  });
});
