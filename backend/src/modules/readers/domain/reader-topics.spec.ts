import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultReaderTopics } from '@rfid/contracts';
import { overlappingOwnTopic, topicsOverlap, topicTakenByOther } from './reader-topics.js';

describe('reader topics', () => {
  it('two topics overlap when equal or one is above the other at a level boundary', () => {
    assert.equal(topicsOverlap('a/b', 'a/b'), true);
    assert.equal(topicsOverlap('a/b', 'a/b/c'), true);
    assert.equal(topicsOverlap('a/b/c', 'a/b'), true);
    assert.equal(topicsOverlap('a/b', 'a/bc'), false);
    assert.equal(topicsOverlap('a/b/events', 'a/b/mgmt'), false);
  });

  it("a reader's four topics are each its own", () => {
    assert.equal(overlappingOwnTopic(defaultReaderTopics('A')), undefined);
    const same = { ...defaultReaderTopics('A'), mgmt: 'rfid/readers/A/events' };
    assert.deepEqual(overlappingOwnTopic(same), { kind: 'mgmt', with: 'events' });
    const below = { ...defaultReaderTopics('A'), responses: 'rfid/readers/A/commands/answers' };
    assert.deepEqual(overlappingOwnTopic(below), { kind: 'responses', with: 'commands' });
  });

  it("no topic is, is above or is below another reader's", () => {
    const others = [{ code: 'A', topics: defaultReaderTopics('A') }];
    assert.equal(topicTakenByOther(defaultReaderTopics('X'), others), undefined);
    // X's events on A's commands: X could command A's gate
    assert.deepEqual(topicTakenByOther({ ...defaultReaderTopics('X'), events: 'rfid/readers/A/commands' }, others), { kind: 'events', reader: 'A', topic: 'rfid/readers/A/commands' });
    // above all of A's topics
    assert.deepEqual(topicTakenByOther({ ...defaultReaderTopics('X'), commands: 'rfid/readers/A' }, others), { kind: 'commands', reader: 'A', topic: 'rfid/readers/A/events' });
    // below A's events
    assert.deepEqual(topicTakenByOther({ ...defaultReaderTopics('X'), mgmt: 'rfid/readers/A/events/x' }, others), { kind: 'mgmt', reader: 'A', topic: 'rfid/readers/A/events' });
  });
});
