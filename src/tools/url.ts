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
  /** Query parameters of the URL, then of the hash route, in order. */
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
  return {
    path: segments(u.pathname),
    hashPath: u.hash ? segments(hashRoute) : [],
    params: [...u.searchParams.entries(), ...new URLSearchParams(hashQuery).entries()],
  };
}

const segments = (path: string): string[] => path.split('/').filter(Boolean).map(decodeSafe);

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
