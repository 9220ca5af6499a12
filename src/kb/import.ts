/**
 * Turning a help centre's export into articles: Markdown, HTML, plain text, CSV and JSON
 * (one article per file, or one per row / array item). Pure (no DOM, no chrome.*): the
 * options page and the service worker both use it.
 *
 * A file of a known type that cannot be read (invalid JSON, a CSV without a title column)
 * is an error that stops the whole import, so nothing is half-imported; files of other types
 * and empty articles are skipped and listed. Ids are stable, so a re-import updates: the
 * article's own id field when it has one, else the file path (one article per file) or the
 * path and title (rows).
 */
import Papa from 'papaparse';
import { htmlArticle, htmlToText, visibleSource } from './html-text.ts';
import { looksHtml, squash } from './text.ts';

export interface ImportFile {
  /** Path inside the chosen folder (webkitRelativePath), else the file name, else the URL. */
  path: string;
  text: string;
  /** Where the article lives on the web (admin URL lists), if anywhere. */
  url?: string;
}

export interface ImportedArticle {
  id: string;
  title: string;
  body: string;
  url: string;
  path: string;
}

/** Why a file or row was skipped (the options page says it in words: `kbWhy_<code>`). */
export const SKIP_CODES = ['too_large', 'unsupported_type', 'empty', 'no_title', 'no_text'] as const;
export type SkipCode = (typeof SKIP_CODES)[number];

export interface Skipped {
  path: string;
  code: SkipCode;
  /** English, for developers and logs; people read the message for `code`. */
  reason: string;
  /** The value the message names (a file extension). */
  param?: string;
}

/** Why a file stopped the whole import (`kbWhy_<code>` in the options page). */
export const IMPORT_ERROR_CODES = ['bad_json', 'bad_csv', 'no_title_column', 'no_body_column', 'not_articles', 'too_many_articles', 'index_full'] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

export class ImportError extends Error {
  constructor(
    readonly path: string,
    /** English, for developers and logs. */
    readonly reason: string,
    readonly code: ImportErrorCode,
    /** The value the message names (a CSV row, the columns found). */
    readonly param = '',
    /** All the values the message names, when it names more than one (a limit and a count). */
    readonly params: readonly string[] = param ? [param] : [],
  ) {
    super(`${path}: ${reason}`);
  }
}

export const MAX_BODY = 20_000;
export const MAX_FILE_BYTES = 10 * 2 ** 20;
/**
 * Articles one import may bring, and articles the local index may hold. 10,000 is what the
 * index was chosen and measured for (local-index.ts: ~1.7 s to build, ~67 MB, sub-ms search);
 * far beyond it an import runs for minutes and loading the index outlasts a search's deadline
 * (issue 19 item 9: 420,000 rows took 87–125 s and the first search then timed out).
 */
export const MAX_IMPORT_ARTICLES = 10_000;
export const MAX_INDEX_ARTICLES = 10_000;

/** The import's article budget: rows and files are counted before any is turned into an article. */
interface Budget {
  given: number;
}

const TITLE_KEYS = ['title', 'question', 'name', 'subject', 'heading', '标题', '问题', '名称'];
const BODY_KEYS = ['body', 'answer', 'content', 'text', 'description', 'description_text', 'article', '正文', '答案', '内容', '回答'];
const ID_KEYS = ['id', 'article_id', 'articleId', 'faq_id', 'slug', '编号', 'ID'];
const URL_KEYS = ['url', 'html_url', 'link', 'href', '链接'];

const ext = (path: string) => /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
const baseName = (path: string) => (path.split(/[\\/]/).pop() ?? path).replace(/\.[a-z0-9]+$/i, '');

function article(path: string, id: string, title: string, body: string, url = ''): ImportedArticle {
  return { id, title: squash(title).slice(0, 200), body: squash(body).slice(0, MAX_BODY), url, path };
}

/** `--- key: value ---` at the top of a Markdown file. */
function frontMatter(md: string): { meta: Record<string, string>; rest: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(md);
  if (!m) return { meta: {}, rest: md };
  const meta: Record<string, string> = {};
  for (const line of m[1]!.split(/\r?\n/)) {
    const kv = /^([\w-]+)\s*:\s*(.*)$/.exec(line);
    if (kv) meta[kv[1]!.toLowerCase()] = kv[2]!.replace(/^["']|["']$/g, '').trim();
  }
  return { meta, rest: md.slice(m[0].length) };
}

/** Markdown to the text a reader sees (enough for search and for a reply excerpt). */
export function markdownText(md: string): string {
  return md
    .replace(/```[^\n]*\n([\s\S]*?)```/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|\*|_|`|~~)(\S[\s\S]*?)\1/g, '$2')
    .replace(/^\s*([-*_]\s*){3,}$/gm, ' ');
}

function fromMarkdown(f: ImportFile): ImportedArticle[] {
  const { meta, rest: source } = frontMatter(f.text);
  // Inline HTML may hide text (<span style="display:none">): read it as the page would show it.
  const rest = looksHtml(source) ? visibleSource(source) : source;
  const heading = /^\s{0,3}#\s+(.+)$/m.exec(rest);
  const title = meta.title ?? heading?.[1] ?? baseName(f.path);
  const body = markdownText(heading && !meta.title ? rest.replace(heading[0], '') : rest);
  return [article(f.path, meta.id ?? f.path, title, body, meta.url ?? f.url ?? '')];
}

function fromHtml(f: ImportFile): ImportedArticle[] {
  const { title, body } = htmlArticle(f.text);
  return [article(f.path, f.path, title || baseName(f.path), body, f.url ?? '')];
}

function fromText(f: ImportFile): ImportedArticle[] {
  const lines = f.text.split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim());
  if (first === -1) return [];
  return [article(f.path, f.path, lines[first]!, lines.slice(first + 1).join('\n'), f.url ?? '')];
}

const pickKey = (keys: readonly string[], wanted: readonly string[]) => wanted.map((w) => keys.find((k) => k.trim().toLowerCase() === w.toLowerCase())).find(Boolean);

/** Rows of records (CSV rows, JSON array items) to articles, with the columns found by name. */
function fromRecords(f: ImportFile, rows: Record<string, unknown>[], skipped: Skipped[], budget: Budget): ImportedArticle[] {
  budget.given += rows.length;
  // Over the limit the import fails anyway: count the rest, convert nothing.
  if (budget.given > MAX_IMPORT_ARTICLES) return [];
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const titleKey = pickKey(keys, TITLE_KEYS);
  const bodyKey = pickKey(keys, BODY_KEYS);
  if (!titleKey || !bodyKey) {
    const missing = !titleKey ? `a title column (${TITLE_KEYS.join(', ')})` : `a body column (${BODY_KEYS.join(', ')})`;
    const found = keys.slice(0, 12).join(', ');
    throw new ImportError(f.path, `no ${missing}; found: ${found || 'nothing'}`, titleKey ? 'no_body_column' : 'no_title_column', found || '—');
  }
  const idKey = pickKey(keys, ID_KEYS);
  const urlKey = pickKey(keys, URL_KEYS);
  const out: ImportedArticle[] = [];
  rows.forEach((r, i) => {
    const title = String(r[titleKey] ?? '').trim();
    const raw = String(r[bodyKey] ?? '');
    const body = looksHtml(raw) ? htmlToText(raw) : raw;
    if (!title || !body.trim()) return void skipped.push(!title ? { path: `${f.path} #${i + 1}`, code: 'no_title', reason: 'no title' } : { path: `${f.path} #${i + 1}`, code: 'no_text', reason: 'no text' });
    const own = idKey ? String(r[idKey] ?? '').trim() : '';
    const url = urlKey ? String(r[urlKey] ?? '').trim() : '';
    out.push(article(f.path, own ? `${f.path}:${own}` : `${f.path}#${title}`, title, body, /^https?:\/\//.test(url) ? url : ''));
  });
  return out;
}

/**
 * Records in a CSV text (the header not counted), by one scan for line ends outside quotes;
 * blank records are not counted, as the parser skips them. For saying how many rows a file
 * over the limit has without parsing all of them into objects.
 */
export function countCsvRecords(text: string): number {
  let records = 0;
  let quoted = false;
  let content = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted; // '"' (a doubled "" toggles twice)
    if (quoted) {
      content = true;
      continue;
    }
    if (c === 10) {
      if (content) records++;
      content = false;
    } else if (c !== 13 && c !== 32 && c !== 9 && c !== 44 && c !== 59 && c !== 124) content = true;
  }
  if (content) records++;
  return Math.max(0, records - 1);
}

function fromCsv(f: ImportFile, skipped: Skipped[], budget: Budget): ImportedArticle[] {
  const text = f.text.replace(/^\uFEFF/, '');
  const left = Math.max(0, MAX_IMPORT_ARTICLES - budget.given);
  // Rows past the limit are counted, not parsed: a file far over it is refused in a scan.
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy', preview: left + 1 });
  if (parsed.data.length > left) {
    budget.given += countCsvRecords(text);
    return [];
  }
  const fatal = parsed.errors.find((e) => e.type === 'Quotes' || e.code === 'UndetectableDelimiter');
  const row = String((fatal?.row ?? 0) + 2);
  if (fatal) throw new ImportError(f.path, `not valid CSV (row ${row}: ${fatal.message})`, 'bad_csv', row);
  return fromRecords(f, parsed.data, skipped, budget);
}

function fromJson(f: ImportFile, skipped: Skipped[], budget: Budget): ImportedArticle[] {
  let data: unknown;
  try {
    data = JSON.parse(f.text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new ImportError(f.path, `not valid JSON (${e instanceof Error ? e.message : String(e)})`, 'bad_json');
  }
  // Help-centre exports wrap the list: Zendesk `{ articles }`, others `{ data }`, `{ items }`…
  const obj = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  const list = Array.isArray(data) ? data : ['articles', 'data', 'items', 'results', 'faqs', 'records'].map((k) => obj?.[k]).find(Array.isArray);
  const rows = (list ?? (obj ? [obj] : [])) as unknown[];
  if (!rows.length || rows.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) throw new ImportError(f.path, 'expected an array of article objects (or { articles: [...] })', 'not_articles');
  return fromRecords(f, rows as Record<string, unknown>[], skipped, budget);
}

export interface ParseResult {
  articles: ImportedArticle[];
  skipped: Skipped[];
}

/** The error for an import over MAX_IMPORT_ARTICLES (it says the limit and how many were given). */
export const tooManyArticles = (given: number) =>
  new ImportError('—', `${given} articles given; one import takes at most ${MAX_IMPORT_ARTICLES}`, 'too_many_articles', String(MAX_IMPORT_ARTICLES), [String(MAX_IMPORT_ARTICLES), String(given)]);

/**
 * Parses every file; throws ImportError for the first bad one, or for more than
 * MAX_IMPORT_ARTICLES articles in all (then nothing is imported). `onFile` hears each file done.
 */
export function parseFiles(files: readonly ImportFile[], onFile?: (done: number) => void): ParseResult {
  const skipped: Skipped[] = [];
  const byId = new Map<string, ImportedArticle>();
  const budget: Budget = { given: 0 };
  for (const [i, f] of files.entries()) {
    onFile?.(i);
    const name = f.path.split(/[\\/]/).pop() ?? '';
    if (name.startsWith('.')) continue; // .DS_Store, .git: not articles, not worth a line
    if (f.text.length > MAX_FILE_BYTES) {
      skipped.push({ path: f.path, code: 'too_large', reason: 'larger than 10 MB' });
      continue;
    }
    const found = parseOne(f, skipped, budget);
    if (found === null) {
      const type = ext(f.path) ? `.${ext(f.path)}` : '';
      skipped.push({ path: f.path, code: 'unsupported_type', reason: `unsupported type${type ? ` ${type}` : ''}`, param: type || '—' });
      continue;
    }
    if (!found.length) skipped.push({ path: f.path, code: 'empty', reason: 'empty' });
    if (!['csv', 'json'].includes(ext(f.path))) budget.given += found.length;
    for (const a of found) {
      if (!a.body) skipped.push({ path: a.path, code: 'no_text', reason: 'no text' });
      else byId.set(a.id, a);
    }
  }
  if (budget.given > MAX_IMPORT_ARTICLES) throw tooManyArticles(budget.given);
  return { articles: [...byId.values()], skipped };
}

function parseOne(f: ImportFile, skipped: Skipped[], budget: Budget): ImportedArticle[] | null {
  switch (ext(f.path)) {
    case 'md':
    case 'markdown':
      return fromMarkdown(f);
    case 'html':
    case 'htm':
      return fromHtml(f);
    case 'txt':
    case 'text':
      return fromText(f);
    case 'csv':
      return fromCsv(f, skipped, budget);
    case 'json':
      return fromJson(f, skipped, budget);
    default:
      return null;
  }
}

/** The format of a URL's answer, from its content type (admin URL lists). */
export function pathForUrl(url: string, contentType: string): string {
  const u = new URL(url);
  if (ext(u.pathname)) return `${u.host}${u.pathname}`;
  const type = /json/.test(contentType) ? 'json' : /csv/.test(contentType) ? 'csv' : /markdown/.test(contentType) ? 'md' : /html/.test(contentType) ? 'html' : 'txt';
  return `${u.host}${u.pathname.replace(/\/$/, '') || '/index'}.${type}`;
}
