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
  /**
   * Per id: `base + matches` while the id is seen by the current query; anything ≤ `base` is
   * left over from an earlier one (each query raises `base` past every value it wrote, so
   * nothing is cleared between queries).
   */
  private count = new Int32Array(0);
  private last = new Int32Array(0);
  private base = 0;
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
    this.prepare(maxId + 1, lists.length);
    const full = this.walk(lists, limit);
    this.base += lists.length;
    return full ?? this.best(limit, lists.length);
  }

  /** Counts every sighting; returns early with the first `limit` ids that matched every list. */
  private walk(lists: readonly Slots[], limit: number): number[] | null {
    const { count, last, touched, base } = this;
    const n = lists.length;
    const all = base + n;
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
          let c = count[id]!;
          if (c > base) c++;
          else {
            c = base + 1;
            touched.push(id);
          }
          count[id] = c;
          last[id] = seq++;
          // FlexSearch's early exit: `limit` ids that matched every term end the search.
          if (c === all && full.push(id) === limit) return full;
        }
      }
    }
    return null;
  }

  /**
   * The touched ids by (matches desc, last sighting asc), the best `limit`: a histogram of
   * matches finds the cut, then only the ids at the cut compete on their last sighting.
   */
  private best(limit: number, n: number): number[] {
    const { count, last, touched } = this;
    const base = this.base - n;
    const hist = new Int32Array(n + 1);
    for (const id of touched) hist[count[id]! - base]!++;
    let cut = n;
    for (let above = 0; cut > 1 && above + hist[cut]! < limit; cut--) above += hist[cut]!;
    const over: number[] = [];
    const at: number[] = [];
    for (const id of touched) {
      const c = count[id]! - base;
      if (c > cut) over.push(id);
      else if (c === cut) insertByLast(at, id, last, limit);
    }
    over.sort((a, b) => count[b]! - count[a]! || last[a]! - last[b]!);
    for (const id of at) if (over.push(id) === limit) break;
    return over;
  }

  private prepare(size: number, n: number): void {
    // Fresh arrays when they are too small or `base` would overflow: every value is then 0.
    if (this.count.length >= size && this.base + n < 0x7fff_ffff) return;
    const len = Math.max(size, this.count.length * 2, 1024);
    this.count = new Int32Array(len);
    this.last = new Int32Array(len);
    this.base = 0;
  }
}

/** Keeps `into` as the up-to-`max` ids with the earliest last sighting, in that order. */
function insertByLast(into: number[], id: number, last: Int32Array, max: number): void {
  const at = last[id]!;
  if (into.length === max && at >= last[into[max - 1]!]!) return;
  let i = Math.min(into.length, max - 1);
  while (i > 0 && last[into[i - 1]!]! > at) {
    into[i] = into[i - 1]!;
    i--;
  }
  into[i] = id;
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
