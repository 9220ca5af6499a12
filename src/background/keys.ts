/**
 * The journal's signing key: an HMAC-SHA-256 CryptoKey generated with WebCrypto, stored
 * non-extractable in the extension's own IndexedDB. Content scripts run in the page's
 * origin and cannot open the extension origin's databases; even extension code cannot
 * export the key bytes. Measured in Chromium 156 (see the issue 14 report).
 */
const DB = 'deskhand-keys';
const STORE = 'keys';
const NAME = 'journal-hmac';

let db: Promise<IDBDatabase> | null = null;

/** One connection per worker lifetime (the key and the sequence number share it). */
function open(): Promise<IDBDatabase> {
  db ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  db.catch(() => (db = null));
  return db;
}

function tx<T>(db: IDBDatabase, mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = db.transaction(STORE, mode);
    const req = fn(t.objectStore(STORE));
    t.oncomplete = () => resolve(req.result);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  });
}

let cached: Promise<CryptoKey> | null = null;

export function journalKey(): Promise<CryptoKey> {
  cached ??= (async () => {
    const conn = await open();
    const existing = await tx<CryptoKey | undefined>(conn, 'readonly', (s) => s.get(NAME) as IDBRequest<CryptoKey | undefined>);
    if (existing) return existing;
    const key = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    // `add`, not `put`: if two workers raced, the first key wins and the second read returns it.
    await tx(conn, 'readwrite', (s) => s.add(key, NAME)).catch(() => undefined);
    return (await tx<CryptoKey | undefined>(conn, 'readonly', (s) => s.get(NAME) as IDBRequest<CryptoKey | undefined>)) ?? key;
  })();
  cached.catch(() => (cached = null));
  return cached;
}

const hex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

export async function sign(text: string): Promise<string> {
  return hex(await crypto.subtle.sign('HMAC', await journalKey(), new TextEncoder().encode(text)));
}

export async function verify(text: string, mac: unknown): Promise<boolean> {
  if (typeof mac !== 'string' || !/^[0-9a-f]{64}$/.test(mac)) return false;
  const bytes = new Uint8Array(mac.match(/../g)!.map((h) => parseInt(h, 16)));
  return crypto.subtle.verify('HMAC', await journalKey(), bytes, new TextEncoder().encode(text));
}

/**
 * The journal's sequence high-water mark, kept beside the key in the extension's own
 * IndexedDB (not in chrome.storage.local with the journal): restoring an older copy of the
 * journal and its head together still leaves the head behind this number.
 */
const SEQ = 'journal-seq';

export async function readSeq(): Promise<number> {
  const v = await tx<unknown>(await open(), 'readonly', (s) => s.get(SEQ));
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : 0;
}

export async function writeSeq(n: number): Promise<void> {
  await tx(await open(), 'readwrite', (s) => s.put(n, SEQ));
}
