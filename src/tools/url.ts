/**
 * The one reading of a URL into the parts a record id can sit in: decoded path segments, query
 * values, and a hash route's own segments and query (`#/conversations/5120?tab=x`). Used by the
 * worker's check of a URL fact (card.ts `urlCarries`) and by the generic id reader
 * (dom/ids.ts `idFromUrl`), so both see the same parts of the same URL.
 */
export interface UrlParts {
  /** Path segments, decoded, empty ones dropped. */
  path: string[];
  /** The hash route's segments (`#/a/b` or `#a/b`), decoded. */
  hashPath: string[];
  /** Query parameters of the URL, its path parameters (`;id=2`), then the hash route's, in order. */
  params: [string, string][];
}

export function urlParts(href: string): UrlParts | null {
  let u: URL;
  try {
    u = new URL(href);
  } catch {
    return null;
  }
  const hash = u.hash.replace(/^#\/?/, '');
  const [hashRoute = '', hashQuery = ''] = hash.split('?');
  const path = segments(u.pathname);
  const hashPath = u.hash ? segments(hashRoute) : { segs: [], matrix: [] };
  return {
    path: path.segs,
    hashPath: hashPath.segs,
    params: [...u.searchParams.entries(), ...path.matrix, ...new URLSearchParams(hashQuery).entries(), ...hashPath.matrix],
  };
}

/**
 * Segments without their path parameters (`/tickets;id=2` is the segment `tickets` with the
 * parameter id=2, RFC 3986 §3.3 "matrix" style): the parameters are read like a query's.
 */
function segments(path: string): { segs: string[]; matrix: [string, string][] } {
  const segs: string[] = [];
  const matrix: [string, string][] = [];
  for (const raw of path.split('/')) {
    const [seg = '', ...params] = raw.split(';');
    if (seg) segs.push(decodeSafe(seg));
    for (const p of params) {
      const at = p.indexOf('=');
      if (at > 0) matrix.push([decodeSafe(p.slice(0, at)), decodeSafe(p.slice(at + 1))]);
    }
  }
  return { segs, matrix };
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
