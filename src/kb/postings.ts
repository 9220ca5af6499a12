/**
 * The ranked ids of one FlexSearch field for a set of query terms, read straight from the
 * field's posting lists: the same ids in the same order as FlexSearch 0.8's own
 * `index.search(query, { limit, suggest: true })`, without its per-query garbage.
 *
 * FlexSearch keeps, per term, `slots[score][i] = id` (score 0 = the term early in the text).
 * Its multi-term search (src/intersect.js, `intersect` + `union`) walks score-major, term by
 * term, counting each id's sightings in a plain object and pushing every sighting into a list
 * per count, then emits those lists from the highest count down, each id once; it stops as
 * soon as `limit` ids matched every term. On 10,000 articles a query sees up to ~15,000
 * sightings: with string ids in a dictionary-mode object, ~150 µs for both fields. Here ids are small
 * integers (LocalIndex numbers its articles) counted in one typed array stamped per query
 * (nothing to clear), and each per-count list keeps only its first `limit` ids (see `walk`
 * for why that loses nothing): several times faster, no garbage per sighting.
 * test/kb/postings.test.ts pins the equivalence against FlexSearch itself (so an upgrade that
 * changes its posting layout fails a test, not a search).
 */

/** A term's posting slots as FlexSearch stores them (holes are `undefined`, or `null` after import). */
export type Slots = readonly (readonly number[] | null | undefined)[];

/** FlexSearch's `Index#map` (term -> slots); not in its typings, so named here. */
export type PostingMap = ReadonlyMap<string, Slots>;

export class PostingScorer {
  /**
   * Per id: `base + matches` while the id is seen by the current query; anything ≤ `base` is
   * left over from an earlier one (each query raises `base` past every value it wrote, so
   * nothing is cleared between queries).
   */
  private count = new Int32Array(0);
  private base = 0;

  /**
   * The best `limit` ids for these (distinct) terms, as `suggest: true` ranks them.
   * `maxId` bounds the ids in the map (the scratch array grows to it).
   */
  top(map: PostingMap, terms: readonly string[], limit: number, maxId: number): number[] {
    const lists: Slots[] = [];
    for (const t of terms) {
      const slots = map.get(t);
      if (slots?.length) lists.push(slots);
    }
    if (lists.length === 0 || limit <= 0) return [];
    if (lists.length === 1) return firstIds(lists[0]!, limit);
    this.prepare(maxId + 1, lists.length);
    const out = this.walk(lists, limit);
    this.base += lists.length;
    return out;
  }

  /**
   * One pass over the sightings, score-major as FlexSearch walks them. `reached[k]` keeps the
   * first `limit` ids to reach k matches, in that order (FlexSearch's `result[k - 1]`, cut
   * short). That is enough: the answer is, from the most matches down, the ids whose final
   * count is k in the order they reached k; at the highest k that `limit` ids reached, fewer
   * than `limit` ids went higher, so the ones that stayed at k are among its first `limit`;
   * above it nothing was cut off.
   */
  private walk(lists: readonly Slots[], limit: number): number[] {
    const { count, base } = this;
    const n = lists.length;
    const resolution = Math.max(...lists.map((l) => l.length));
    const reached = new Int32Array((n + 1) * limit);
    const filled = new Int32Array(n + 1);
    for (let y = 0; y < resolution; y++) {
      for (let x = 0; x < n; x++) {
        const ids = lists[x]![y];
        if (!ids) continue;
        for (let z = 0; z < ids.length; z++) {
          const id = ids[z]!;
          const was = count[id]!;
          const k = was > base ? was - base + 1 : 1;
          count[id] = base + k;
          const f = filled[k]!;
          if (f < limit) {
            reached[k * limit + f] = id;
            filled[k] = f + 1;
            // FlexSearch's early exit: `limit` ids that matched every term end the search.
            if (k === n && f + 1 === limit) return Array.from(reached.subarray(n * limit));
          }
        }
      }
    }
    const out: number[] = [];
    for (let k = n; k >= 1; k--) {
      for (let i = 0; i < filled[k]!; i++) {
        const id = reached[k * limit + i]!;
        if (count[id]! - base === k && out.push(id) === limit) return out;
      }
    }
    return out;
  }

  private prepare(size: number, n: number): void {
    // A fresh array when it is too small or `base` would overflow: every value is then 0.
    if (this.count.length >= size && this.base + n < 0x7fff_ffff) return;
    this.count = new Int32Array(Math.max(size, this.count.length * 2, 1024));
    this.base = 0;
  }
}

/** One term: its ids in slot order (FlexSearch's resolve_default). */
function firstIds(slots: Slots, limit: number): number[] {
  const out: number[] = [];
  for (const ids of slots) {
    if (!ids) continue;
    for (const id of ids) if (out.push(id) === limit) return out;
  }
  return out;
}
