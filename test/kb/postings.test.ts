/**
 * The ranking LocalIndex reads from FlexSearch's posting lists equals FlexSearch's own
 * `suggest: true` search, id for id and in order: on the benchmark's zh + en articles, for
 * both field configurations (titles `tolerant`, bodies `strict`), several limits, and after
 * updates and removals. A FlexSearch upgrade that changes its posting layout or its ranking
 * fails here.
 */
import { Index } from 'flexsearch';
import { describe, expect, it } from 'vitest';
import { makeArticles, makeQueries } from '../../bench/kb-data.ts';
import { PostingScorer, type PostingMap } from '../../src/kb/postings.ts';
import { queryTerms, tokenize } from '../../src/kb/tokenize.ts';

const articles = makeArticles(1_500, 3);
const queries = [...makeQueries(120, 11), 'refund polcy', '发票抬头', 'billing billing', 'zzzz', ''];

function build(mode: 'strict' | 'tolerant', field: 'title' | 'body'): Index {
  const index = new Index({ tokenize: mode, resolution: 9, encode: (s: string) => tokenize(s) });
  articles.forEach((a, n) => index.add(n, a[field]));
  return index;
}

const postings = (index: Index) => (index as unknown as { map: PostingMap }).map;

function expectSame(index: Index, limits: readonly number[]): number {
  const scorer = new PostingScorer();
  let nonEmpty = 0;
  for (const limit of limits) {
    for (const q of queries) {
      const theirs = index.search(q, { limit, suggest: true });
      const ours = scorer.top(postings(index), queryTerms(q), limit, articles.length - 1);
      expect(ours, `${JSON.stringify(q)} limit ${limit}`).toEqual(theirs);
      if (ours.length) nonEmpty++;
    }
  }
  return nonEmpty;
}

describe('PostingScorer ranks as FlexSearch suggest search does', () => {
  it.each([
    ['tolerant', 'title'],
    ['strict', 'body'],
  ] as const)('%s %s field', (mode, field) => {
    const nonEmpty = expectSame(build(mode, field), [1, 5, 10, 40]);
    // The comparison means something only when most queries find articles.
    expect(nonEmpty).toBeGreaterThan(queries.length * 2);
  });

  it('after updates and removals', () => {
    const index = build('strict', 'body');
    for (let n = 0; n < 300; n += 3) index.remove(n);
    for (let n = 1; n < 300; n += 3) index.update(n, articles[(n * 7) % articles.length]!.body);
    expectSame(index, [5, 10]);
  });
});
