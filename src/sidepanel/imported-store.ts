/**
 * The imported view's files, in the panel's memory only (never this browser's log, never
 * storage): they stay while the panel is open — across its views — and go when cleared or
 * when the panel closes. The same record picked twice (the same file again) is kept once.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ImportedFile } from './audit-import.ts';
import { recordKey } from './audit-import.ts';

export interface ImportedEntry extends ImportedFile {
  /** Records of this file that an earlier file had already brought. */
  duplicates: number;
}

let files: ImportedEntry[] = [];
const seen = new Set<string>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

export function addImported(parsed: readonly ImportedFile[]): void {
  const added = parsed.map((f) => {
    const fresh = f.records.filter((r) => {
      const key = recordKey(r);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return { ...f, records: fresh, duplicates: f.records.length - fresh.length };
  });
  files = [...files, ...added];
  changed();
}

export function clearImported(): void {
  files = [];
  seen.clear();
  changed();
}

export function useImported(): ImportedEntry[] {
  const [now, setNow] = useState(files);
  useEffect(() => {
    const l = () => setNow(files);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  return now;
}
