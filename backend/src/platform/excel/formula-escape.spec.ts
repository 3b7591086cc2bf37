import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeFormula, unescapeFormula } from './formula-escape.js';

describe('formula-injection escaping', () => {
  it('prefixes a single quote to text that starts with = + - @, a tab or a carriage return', () => {
    for (const text of ['=1+1', '+1', '-2', '@SUM(A1)', '=HYPERLINK("http://x")', '\t=1', '\r=1']) {
      assert.equal(escapeFormula(text), `'${text}`, JSON.stringify(text));
    }
    assert.equal(escapeFormula("'=1"), "''=1", 'text that looks escaped already keeps its own quote');
  });

  it('leaves other text alone, Vietnamese included', () => {
    for (const text of ['', 'Mùa Xuân 2026', 'a=b', ' =1', "'quoted", '1-2', 'Kích hoạt']) assert.equal(escapeFormula(text), text);
  });

  it('reading back undoes exactly what escaping did', () => {
    for (const text of ['=1+1', '-2', '@x', 'plain', "'quoted", "'", "'=x", "''=x", '\t=1']) assert.equal(unescapeFormula(escapeFormula(text)), text);
    assert.equal(unescapeFormula("'abc"), "'abc", 'a quote before ordinary text is the text itself');
  });
});
