/**
 * The ranked ids of one FlexSearch field for a set of query terms, read straight from the
 * field's posting lists: the same ids in the same order as FlexSearch 0.8's own
 * `index.search(query, { limit, suggest: true })`, without its per-query garbage.
 *
 * FlexSearch keeps, per term, `slots[score][i] = id` (score 0 = the term early in the text).
 * Its multi-term search (src/intersect.js, `intersect` + `union`) walks score-major, term by
 * term, counting each id's sightings in a plain object, pushes every sighting into a list per
 * count, then emits the lists from the highest count down. That order is: most terms matched
 * first, then by the position of the sighting that gave the id its count (its last one); and
 * it stops as soon as `limit` ids matched every term. On 10,000 articles a query sees up to
 * ~15,000 sightings: with string ids in a dictionary-mode object that was ~150 µs a field.
 * Here ids are small integers (LocalIndex numbers its articles) counted in typed arrays
 * stamped per query (no clearing), and only the top `limit` are kept: ~10× faster.
 * test/kb/postings.test.ts pins the equivalence against FlexSearch itself (so an upgrade that
 * changes its posting layout fails a test, not a search).
 */

/** A term's posting slots as FlexSearch stores them (holes are `undefined`, or `null` after import). */
export type Slots = readonly (readonly number[] | null | undefined)[];

/** FlexSearch's `Index#map` (term -> slots); not in its typings, so named here. */
export type PostingMap = ReadonlyMap<string, Slots>;

export class PostingScorer {
  private stamp = new Int32Array(0);
  private count = new Int32Array(0);
  private last = new Int32Array(0);
  private query = 0;
  private touched: number[] = [];

  /**
   * The best `limit` ids for these (distinct) terms, as `suggest: true` ranks them.
   * `maxId` bounds the ids in the map (the scratch arrays grow to it).
   */
  top(map: PostingMap, terms: readonly string[], limit: number, maxId: number): number[] {
    const lists: Slots[] = [];
    for (const t of terms) {
      const slots = map.get(t);
      if (slots?.length) lists.push(slots);
    }
    if (lists.length === 0 || limit <= 0) return [];
    if (lists.length === 1) return firstIds(lists[0]!, limit);
    this.grow(maxId + 1);
    return this.rank(lists, limit);
  }

  private rank(lists: readonly Slots[], limit: number): number[] {
    const { stamp, count, last, touched } = this;
    const q = ++this.query;
    const n = lists.length;
    const resolution = Math.max(...lists.map((l) => l.length));
    const full: number[] = [];
    touched.length = 0;
    let seq = 0;
    for (let y = 0; y < resolution; y++) {
      for (let x = 0; x < n; x++) {
        const ids = lists[x]![y];
        if (!ids) continue;
        for (let z = 0; z < ids.length; z++) {
          const id = ids[z]!;
          let c = 1;
          if (stamp[id] === q) c = ++count[id]!;
          else {
            stamp[id] = q;
            count[id] = 1;
            touched.push(id);
          }
          last[id] = seq++;
          // FlexSearch's early exit: `limit` ids that matched every term end the search.
          if (c === n && full.push(id) === limit) return full;
        }
      }
    }
    return this.best(limit);
  }

  /** The touched ids by (count desc, last sighting asc), the best `limit`: an insertion into a short list. */
  private best(limit: number): number[] {
    const { count, last } = this;
    const better = (a: number, b: number) => count[a]! > count[b]! || (count[a] === count[b] && last[a]! < last[b]!);
    const top: number[] = [];
    for (const id of this.touched) {
      if (top.length === limit && !better(id, top[limit - 1]!)) continue;
      let i = Math.min(top.length, limit - 1);
      while (i > 0 && better(id, top[i - 1]!)) {
        top[i] = top[i - 1]!;
        i--;
      }
      top[i] = id;
    }
    return top;
  }

  private grow(size: number): void {
    if (this.stamp.length >= size) return;
    const n = Math.max(size, this.stamp.length * 2, 1024);
    // Fresh arrays: stamps restart at 0, so the query counter may keep counting.
    this.stamp = new Int32Array(n);
    this.count = new Int32Array(n);
    this.last = new Int32Array(n);
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
