/**
 * Several agents' JSONL exports (the Activity view's own export, `toJsonl`) read into one
 * team lead's view. Each line is parsed and checked with the audit record's schema (the one
 * the worker checks content scripts' records with); a line that is not a record is counted
 * and reported, never thrown. Records of older versions read as today's (legacy statuses,
 * fields added since). Every record is masked again (idempotent on what its browser masked),
 * so a file from elsewhere shows no more than this browser's own log would.
 *
 * Nothing here is written to this browser's log: the imported view lives in the panel's
 * memory (`imported`), until it is cleared or the panel is closed.
 */
import { AuditRecordSchema } from '../messages/schemas.ts';
import { auditRecord, legacyStatus, maskedRecord, type AuditRecord } from '../tools/audit.ts';

/** Per file: lines past this are not read (and counted). A full log is 2,000 records. */
export const MAX_LINES = 20_000;
/** Files past this size are not read at all. */
export const MAX_FILE_BYTES = 20_000_000;

export interface ImportedFile {
  /** The file's name, the agent's name for records that carry none. */
  name: string;
  records: AuditRecord[];
  /** Lines that were not an audit record (bad JSON, a wrong shape). */
  bad: number;
  /** Lines not read: past `MAX_LINES`. */
  skipped: number;
  /** Over `MAX_FILE_BYTES`: not read at all. */
  tooLarge?: true;
  /** The 1-based numbers of the first few bad lines, for the report. */
  badLines: number[];
}

/** One line as a record, or null. Fields older versions did not write get their defaults. */
export function parseLine(line: string): AuditRecord | null {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  const kind = o.kind === 'confirmation' ? 'confirmation' : 'invoke';
  const status = typeof o.status === 'string' ? legacyStatus(o.status, kind, o.dryRun === true) : null;
  if (!status || typeof o.traceId !== 'string' || typeof o.tool !== 'string' || typeof o.summary !== 'string') return null;
  const filled = auditRecord({ ...(o as Partial<AuditRecord>), kind, status, traceId: o.traceId, tool: o.tool, caller: o.caller as AuditRecord['caller'], summary: o.summary });
  const parsed = AuditRecordSchema.safeParse(filled);
  return parsed.success ? maskedRecord(parsed.data as AuditRecord) : null;
}

/** A file's text as records; what could not be read is counted, never thrown. */
export function parseJsonl(name: string, text: string): ImportedFile {
  const out: ImportedFile = { name, records: [], bad: 0, skipped: 0, badLines: [] };
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    if (out.records.length + out.bad >= MAX_LINES) {
      out.skipped += 1;
      continue;
    }
    const r = parseLine(line);
    if (r) out.records.push(r);
    else {
      out.bad += 1;
      if (out.badLines.length < 5) out.badLines.push(i + 1);
    }
  }
  return out;
}

/** The files a person picked, read and parsed one after the other. */
export async function readFiles(files: Iterable<File>): Promise<ImportedFile[]> {
  const out: ImportedFile[] = [];
  for (const f of files) {
    if (f.size > MAX_FILE_BYTES) {
      out.push({ name: f.name, records: [], bad: 0, skipped: 0, badLines: [], tooLarge: true });
      continue;
    }
    out.push(parseJsonl(f.name, await f.text()));
  }
  return out;
}

/** The same record imported twice (the same file picked again) is shown once. */
export function recordKey(r: AuditRecord): string {
  return `${r.agent ?? ''}|${r.kind}|${r.toolCallId}|${r.traceId}|${r.status}|${r.timestamp}`;
}
