import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InTurn, InTurnByKey } from './in-turn.js';

/** A piece of work that ends when the test says, recording when it started and ended. */
function piece(log: string[], name: string) {
  let end!: (fail?: boolean) => void;
  const ended = new Promise<void>((resolve, reject) => (end = (fail) => (fail ? reject(new Error(name)) : resolve())));
  return {
    work: async () => {
      log.push(`${name} start`);
      await ended;
      log.push(`${name} end`);
      return name;
    },
    end,
  };
}
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('in turn', () => {
  it('runs each piece once the one before has settled, in the order asked; a failure is its caller’s only', async () => {
    const log: string[] = [];
    const turn = new InTurn();
    const [a, b, c] = [piece(log, 'a'), piece(log, 'b'), piece(log, 'c')];
    const results = [turn.run(a.work), turn.run(b.work), turn.run(c.work)];
    await settled();
    assert.deepEqual([log, turn.pending], [['a start'], 3]);
    a.end(true);
    await assert.rejects(results[0]!, /a/);
    await settled();
    assert.deepEqual(log, ['a start', 'b start']);
    b.end();
    c.end();
    assert.deepEqual(await Promise.all(results.slice(1)), ['b', 'c']);
    assert.deepEqual([log, turn.pending], [['a start', 'b start', 'b end', 'c start', 'c end'], 0]);
  });

  it('by key: a key’s pieces in order, other keys’ side by side; an idle key is forgotten', async () => {
    const log: string[] = [];
    const turns = new InTurnByKey();
    const [a1, a2, b1] = [piece(log, 'a1'), piece(log, 'a2'), piece(log, 'b1')];
    const done = [turns.run('a', a1.work), turns.run('a', a2.work), turns.run('b', b1.work)];
    await settled();
    assert.deepEqual(log, ['a1 start', 'b1 start']);
    b1.end();
    a1.end();
    a2.end();
    await Promise.all(done);
    assert.deepEqual(log.filter((l) => l.startsWith('a')), ['a1 start', 'a1 end', 'a2 start', 'a2 end']);
    assert.equal(turns.size, 0);
  });
});
