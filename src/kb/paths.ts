/** Reading a JSON answer through a configured dotted path ("data.items", "hits.0.title"). */

export function getPath(value: unknown, path: string | undefined): unknown {
  if (path === undefined) return undefined;
  if (path === '') return value;
  let cur: unknown = value;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = Array.isArray(cur) && /^\d+$/.test(key) ? cur[Number(key)] : (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** A scalar at a path as text ('' for objects, arrays and missing values). */
export function textAt(value: unknown, path: string | undefined): string {
  const v = getPath(value, path);
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}
