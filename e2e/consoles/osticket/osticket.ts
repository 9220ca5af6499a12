/**
 * The private osTicket 1.18.1 of setup.sh, for real-console tests and benchmarks: start it,
 * reset it to the seeded database, log a browser in, and read the truth from osTicket's own
 * database and mail log (never from the page under test).
 *
 * State (URL, ports, database account, what the seed made) comes from
 * `$OSTICKET_DIR/state.json`, which setup.sh writes. Queries go through the `mariadb` CLI
 * client in XML mode (NULL and empty strings stay distinct), so there is no npm driver.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'puppeteer-core';
import PostalMime from 'postal-mime';

const run = promisify(execFile);
const HERE = import.meta.dirname;
export const OSTICKET_DIR = process.env.OSTICKET_DIR ?? '/tmp/deskhand-osticket';
const SETUP = resolve(HERE, 'setup.sh');
const RESET = resolve(HERE, 'reset.sh');
const STOP = resolve(HERE, 'stop.sh');

export interface Account {
  username: string;
  password: string;
}

export interface SeedStaff extends Account {
  id: number;
  name: string;
  email: string;
  dept: string;
}

export interface SeedUser {
  id: number;
  key: string;
  name: string;
  email: string;
  /** As osTicket stores it: digits, `X` before an extension. */
  phone: string;
}

export interface SeedTicket {
  key: string;
  id: number;
  /** The 6-digit number the UI shows ("Ticket #413711"). */
  number: string;
  subject: string;
  userId: number;
  entries: number;
}

export interface SeedFaq {
  id: number;
  question: string;
  category: string;
}

export interface Seed {
  staff: SeedStaff[];
  users: SeedUser[];
  tickets: SeedTicket[];
  faqs: SeedFaq[];
  departments: Record<string, number>;
  topics: Record<string, number>;
}

export interface OsticketState {
  url: string;
  host: string;
  port: number;
  db: { host: string; port: number; name: string; user: string; password: string };
  mailLog: string;
  admin: Account;
  seed: Seed;
}

/** What setup.sh installed; throws when it has not run. */
export function osticketState(): OsticketState {
  const file = resolve(OSTICKET_DIR, 'state.json');
  if (!existsSync(file)) throw new Error(`osTicket is not installed (${file} missing): run sudo bash ${SETUP}`);
  return JSON.parse(readFileSync(file, 'utf8')) as OsticketState;
}

async function answers(url: string): Promise<boolean> {
  try {
    const r = await fetch(`${url}/scp/login.php`, { signal: AbortSignal.timeout(2_000), redirect: 'manual' });
    return r.status === 200;
  } catch {
    return false;
  }
}

async function running(): Promise<boolean> {
  return existsSync(resolve(OSTICKET_DIR, 'state.json')) && answers(osticketState().url);
}

/** True when the helpdesk answers, or setup.sh could install it here (root, source found). */
export async function osticketAvailable(): Promise<boolean> {
  if (await running()) return true;
  return sh(SETUP, ['--check']).then(
    () => true,
    () => false,
  );
}

export interface Osticket {
  url: string;
  /** The agent account tests act as (Ada Agent, department Support). */
  staff: Account;
  admin: Account;
  seed: Seed;
  /** Stops the services if this call started them. */
  close(): Promise<void>;
}

async function sh(script: string, args: string[] = []): Promise<string> {
  try {
    const { stdout } = await run('bash', [script, ...args], { maxBuffer: 16 << 20, env: process.env });
    return stdout;
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`${script} failed: ${err.stderr?.trim() || err.message}`);
  }
}

/**
 * Runs setup.sh, which is idempotent: it installs only what is missing or stale (other
 * source, scripts or ports), starts what is down and restores the seeded database. So the
 * helpdesk is fresh afterwards, as after resetOsticket().
 */
export async function startOsticket(): Promise<Osticket> {
  const wasRunning = await running();
  await sh(SETUP);
  const state = osticketState();
  const agent = state.seed.staff.find((s) => s.username === 'agent');
  if (!agent) throw new Error('the seed has no "agent" staff account');
  return {
    url: state.url,
    staff: { username: agent.username, password: agent.password },
    admin: state.admin,
    seed: state.seed,
    async close() {
      if (!wasRunning) await sh(STOP);
    },
  };
}

/**
 * The seeded database back, mail log empty (drafts, locks and the rest go with the
 * database). Sessions are dropped too unless `keepSessions`: then a logged-in browser
 * stays logged in.
 */
export async function resetOsticket(opts: { keepSessions?: boolean } = {}): Promise<void> {
  await sh(RESET, opts.keepSessions ? ['--keep-sessions'] : []);
}

export type Row = Record<string, string | null>;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? m;
  });
}

/** Rows of `mariadb --xml` output (every result set), values as text or null. */
export function parseXmlRows(xml: string): Row[] {
  const rows: Row[] = [];
  for (const [, body] of xml.matchAll(/<row>([\s\S]*?)<\/row>/g)) {
    const row: Row = {};
    for (const f of (body ?? '').matchAll(/<field name="([^"]*)"(?: xsi:nil="true" \/>|>([\s\S]*?)<\/field>)/g)) {
      row[unescapeXml(f[1] ?? '')] = f[2] === undefined ? null : unescapeXml(f[2]);
    }
    rows.push(row);
  }
  return rows;
}

/** Runs SQL against osTicket's database; rows of the SELECTs in it as objects. */
export async function query<T extends Row = Row>(sql: string): Promise<T[]> {
  const { db } = osticketState();
  try {
    const { stdout } = await run(
      'mariadb',
      ['--no-defaults', '--xml', '--default-character-set=utf8mb4', `-h${db.host}`, `-P${db.port}`, `-u${db.user}`, db.name, '-e', sql],
      { env: { ...process.env, MYSQL_PWD: db.password }, maxBuffer: 64 << 20 },
    );
    return parseXmlRows(stdout) as T[];
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`query failed: ${err.stderr?.trim() || err.message}\n${sql}`);
  }
}

/** A value for SQL text: a quoted string or a number. */
export function sqlValue(v: string | number): string {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

// -- mail --------------------------------------------------------------------------------

export interface Mail {
  at: string;
  to: string[];
  from: string;
  subject: string;
  /** Plain-text body (the text part, else the HTML part as text). */
  body: string;
  html: string;
  raw: string;
}

/** Every message osTicket handed to sendmail since the last reset, oldest first. */
export async function mailLog(): Promise<Mail[]> {
  const file = osticketState().mailLog;
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const out: Mail[] = [];
  for (const line of lines) {
    const rec = JSON.parse(line) as { at: string; raw: string };
    const m = await PostalMime.parse(rec.raw);
    const html = m.html ?? '';
    out.push({
      at: rec.at,
      to: (m.to ?? []).flatMap((a) => (a.group ? a.group.map((g) => g.address) : [a.address])),
      from: m.from?.address ?? '',
      subject: m.subject ?? '',
      body: (m.text ?? htmlToText(html)).trim(),
      html,
      raw: rec.raw,
    });
  }
  return out;
}

// -- the browser -------------------------------------------------------------------------

/** Logs a page into the staff panel (/scp/login.php) and waits for the panel. */
export async function loginStaff(page: Page, who: Account = startAccount()): Promise<void> {
  const { url } = osticketState();
  await page.goto(`${url}/scp/login.php`, { waitUntil: 'load' });
  await page.locator('input[name=userid]').fill(who.username);
  await page.locator('input[name=passwd]').fill(who.password);
  // The form posts by ajax; success navigates (a refusal stays, with #login-message).
  const [ok] = await Promise.all([
    page.waitForNavigation({ waitUntil: 'load', timeout: 10_000 }).then(
      () => true,
      () => false,
    ),
    page.click('button[name=submit]'),
  ]);
  if (!ok || page.url().includes('login.php')) {
    const why = await page.$eval('#login-message', (e) => e.textContent?.trim() ?? '').catch(() => '');
    throw new Error(`staff login as ${who.username} failed at ${page.url()}: ${why}`);
  }
}

/**
 * Waits until osTicket's jQuery animations are over: the ticket page scrolls to the last
 * thread entry after load (400 ms), dialogs slide open. A click during them lands elsewhere.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const jq = (window as unknown as { jQuery?: (s: string) => { length: number } }).jQuery;
    return !jq || jq(':animated').length === 0;
  });
}

/**
 * Moving a test's page on between tests abandons whatever a test left half-filled, on purpose.
 * osTicket guards a changed form with a beforeunload prompt (scp.js warnOnLeave), and an
 * unanswered prompt freezes the page: the next goto then times out with no word of why (seen
 * in CI). Leaving is accepted, and said; any other dialog is dismissed and said, so the test
 * fails on its own assertions instead of a 30 s hang.
 */
export function answerDialogs(page: Page): void {
  page.on('dialog', (d) => {
    const leave = d.type() === 'beforeunload';
    console.warn(`[osticket] ${d.type()} dialog ${leave ? 'accepted' : 'dismissed'}: ${d.message()}`);
    void (leave ? d.accept() : d.dismiss()).catch(() => undefined);
  });
}

/** Opens a ticket in the staff panel (`tickets.php?id=`) and waits until it can be used. */
export async function openTicket(page: Page, ticketId: number): Promise<void> {
  await page.goto(`${osticketState().url}/scp/tickets.php?id=${ticketId}`, { waitUntil: 'load' });
  await page.waitForSelector('#reply .redactor-in');
  await pageSettled(page);
}

/** The seeded ticket named `key` (the seed's own name for it, e.g. `maria-refund`). */
export function seededTicket(key: string): SeedTicket {
  const t = osticketState().seed.tickets.find((x) => x.key === key);
  if (!t) throw new Error(`seed ticket ${key} missing`);
  return t;
}

/**
 * Shows a seeded ticket in `page` and waits for the extension there (`ready`). The page is
 * brought to the front first: a background tab pauses jQuery's animations, which openTicket
 * waits out.
 */
export async function showTicket(page: Page, key: string, ready: (p: Page) => Promise<unknown>): Promise<SeedTicket> {
  const t = seededTicket(key);
  await page.bringToFront();
  await openTicket(page, t.id);
  await ready(page);
  return t;
}

function startAccount(): Account {
  const agent = osticketState().seed.staff.find((s) => s.username === 'agent');
  if (!agent) throw new Error('the seed has no "agent" staff account');
  return agent;
}

// -- the truth, from the database ----------------------------------------------------------

const T = 'ost_';

/** Thread entry types: M customer message, R agent reply (response), N internal note. */
export type EntryType = 'M' | 'R' | 'N';

export interface ThreadEntry {
  id: number;
  type: EntryType;
  /** Display name stored with the entry ("Maria Garcia", "Ada Agent"). */
  poster: string;
  staffId: number;
  userId: number;
  title: string;
  /** The body as stored (HTML for the rich-text editors). */
  body: string;
  /** The body as plain text: tags dropped, entities decoded, whitespace collapsed. */
  text: string;
  format: string;
  /** UTC, "YYYY-MM-DD HH:MM:SS" as stored. */
  created: string;
}

function num(v: string | null | undefined): number {
  return v === null || v === undefined || v === '' ? 0 : Number(v);
}

/** The entries of a ticket's thread, oldest first (events and system rows excluded). */
export async function ticketThread(ticketId: number): Promise<ThreadEntry[]> {
  const rows = await query(
    `SELECT e.id, e.type, e.poster, e.staff_id, e.user_id, e.title, e.body, e.format, e.created
       FROM ${T}thread_entry e JOIN ${T}thread th ON th.id = e.thread_id
      WHERE th.object_type = 'T' AND th.object_id = ${sqlValue(ticketId)}
      ORDER BY e.created, e.id`,
  );
  return rows.map((r) => ({
    id: num(r.id),
    type: (r.type ?? 'M') as EntryType,
    poster: r.poster ?? '',
    staffId: num(r.staff_id),
    userId: num(r.user_id),
    title: r.title ?? '',
    body: r.body ?? '',
    text: r.format === 'html' ? htmlToText(r.body ?? '') : (r.body ?? '').trim(),
    format: r.format ?? '',
    created: r.created ?? '',
  }));
}

/** An event the staff panel shows between entries ("Created by …", "… claimed this", "Closed by …"). */
export interface ThreadEvent {
  id: number;
  name: string;
  /** Who did it, as the panel names them: the user's name, or the staff member's first and last name. */
  actor: string;
  created: string;
}

export async function ticketEvents(ticketId: number): Promise<ThreadEvent[]> {
  const rows = await query(
    `SELECT e.id, ev.name, e.timestamp,
            CASE WHEN e.uid_type = 'S' THEN TRIM(CONCAT(COALESCE(st.firstname, ''), ' ', COALESCE(st.lastname, ''))) ELSE COALESCE(u.name, '') END AS actor
       FROM ${T}thread_event e JOIN ${T}event ev ON ev.id = e.event_id JOIN ${T}thread th ON th.id = e.thread_id
       LEFT JOIN ${T}staff st ON e.uid_type = 'S' AND st.staff_id = e.uid LEFT JOIN ${T}user u ON e.uid_type = 'U' AND u.id = e.uid
      WHERE th.object_type = 'T' AND th.object_id = ${sqlValue(ticketId)}
      ORDER BY e.timestamp, e.id`,
  );
  return rows.map((r) => ({ id: num(r.id), name: r.name ?? '', actor: r.actor ?? '', created: r.timestamp ?? '' }));
}

/** A thread entry's role by its type (ost_thread_entry.type). */
export const ENTRY_ROLE = { M: 'customer', R: 'agent', N: 'note' } as const;

/**
 * The thread as the staff panel lists it, in time order: entries and events (role `system`,
 * its actor as author: the database keeps who did what, osTicket words the sentence). At one
 * second the entry comes first: a ticket's first message, then "Created by".
 */
export async function ticketTimeline(ticketId: number): Promise<{ role: string; author: string; text: string }[]> {
  const [entries, events] = await Promise.all([ticketThread(ticketId), ticketEvents(ticketId)]);
  const rows = [
    ...entries.map((e) => ({ at: e.created, order: 0, id: e.id, line: { role: ENTRY_ROLE[e.type], author: e.poster, text: e.text } })),
    ...events.map((e) => ({ at: e.created, order: 1, id: e.id, line: { role: 'system', author: e.actor, text: '' } })),
  ];
  rows.sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order || a.id - b.id);
  return rows.map((r) => r.line);
}

export interface TicketUser {
  id: number;
  name: string;
  email: string;
  /** Stored digits ("4155550132", "2125550187X204"); '' when none. */
  phone: string;
  /** As the staff panel shows it: "(415) 555-0132", "(212) 555-0187 x204", "13812345678". */
  phoneDisplay: string;
}

/** Formats a stored phone the way osTicket's PhoneField (format "us") displays it. */
export function displayPhone(stored: string): string {
  const [phone = '', ext] = stored.split('X', 2);
  const d = phone.replace(/\D/g, '');
  const shown = d.length === 7 ? `${d.slice(0, 3)}-${d.slice(3)}` : d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : phone;
  return ext ? `${shown} x${ext}` : shown;
}

async function userById(userId: number): Promise<TicketUser | null> {
  const [r] = await query(
    `SELECT u.id, u.name, ue.address AS email,
            (SELECT v.value FROM ${T}form_entry fe
               JOIN ${T}form_entry_values v ON v.entry_id = fe.id
               JOIN ${T}form_field f ON f.id = v.field_id AND f.name = 'phone'
              WHERE fe.object_type = 'U' AND fe.object_id = u.id LIMIT 1) AS phone
       FROM ${T}user u LEFT JOIN ${T}user_email ue ON ue.id = u.default_email_id
      WHERE u.id = ${sqlValue(userId)}`,
  );
  if (!r) return null;
  const phone = r.phone ?? '';
  return { id: num(r.id), name: r.name ?? '', email: r.email ?? '', phone, phoneDisplay: displayPhone(phone) };
}

/** The ticket's owner (the customer), with the phone from the user's contact form. */
export async function ticketUser(ticketId: number): Promise<TicketUser> {
  const [t] = await query(`SELECT user_id FROM ${T}ticket WHERE ticket_id = ${sqlValue(ticketId)}`);
  const user = t ? await userById(num(t.user_id)) : null;
  if (!user) throw new Error(`no user for ticket ${ticketId}`);
  return user;
}

export interface TicketSummary {
  id: number;
  number: string;
  subject: string;
  userId: number;
  status: string;
  created: string;
}

const SUMMARY = `SELECT t.ticket_id, t.number, c.subject, t.user_id, s.name AS status, t.created
  FROM ${T}ticket t LEFT JOIN ${T}ticket__cdata c ON c.ticket_id = t.ticket_id
  LEFT JOIN ${T}ticket_status s ON s.id = t.status_id`;

function summary(r: Row): TicketSummary {
  return { id: num(r.ticket_id), number: r.number ?? '', subject: r.subject ?? '', userId: num(r.user_id), status: r.status ?? '', created: r.created ?? '' };
}

/** All tickets a user owns, newest first (what "ticket history" should list). */
export async function userTickets(userId: number): Promise<TicketSummary[]> {
  return (await query(`${SUMMARY} WHERE t.user_id = ${sqlValue(userId)} ORDER BY t.created DESC, t.ticket_id DESC`)).map(summary);
}

/** Tickets created at or after a moment (a Date, or "YYYY-MM-DD HH:MM:SS" UTC), oldest first. */
export async function ticketsCreatedSince(since: Date | string): Promise<TicketSummary[]> {
  const at = typeof since === 'string' ? since : since.toISOString().slice(0, 19).replace('T', ' ');
  return (await query(`${SUMMARY} WHERE t.created >= ${sqlValue(at)} ORDER BY t.created, t.ticket_id`)).map(summary);
}

/** The database's clock (UTC): take it before an action, pass it to ticketsCreatedSince. */
export async function dbNow(): Promise<string> {
  const [r] = await query(`SELECT UTC_TIMESTAMP() AS now`);
  return r?.now ?? '';
}

export interface TicketState {
  id: number;
  number: string;
  subject: string;
  status: string;
  deptId: number;
  dept: string;
  staffId: number;
  /** The assigned agent's "First Last", '' when unassigned. */
  staff: string;
  topicId: number;
  topic: string;
  priority: string;
  source: string;
}

/** Department, assignee, status, help topic and priority as osTicket holds them. */
export async function ticketState(ticketId: number): Promise<TicketState> {
  const [r] = await query(
    `SELECT t.ticket_id, t.number, c.subject, s.name AS status, t.dept_id, d.name AS dept, t.staff_id,
            TRIM(CONCAT(COALESCE(st.firstname, ''), ' ', COALESCE(st.lastname, ''))) AS staff,
            t.topic_id, h.topic, p.priority_desc AS priority, t.source
       FROM ${T}ticket t
       LEFT JOIN ${T}ticket__cdata c ON c.ticket_id = t.ticket_id
       LEFT JOIN ${T}ticket_status s ON s.id = t.status_id
       LEFT JOIN ${T}department d ON d.id = t.dept_id
       LEFT JOIN ${T}staff st ON st.staff_id = t.staff_id
       LEFT JOIN ${T}help_topic h ON h.topic_id = t.topic_id
       LEFT JOIN ${T}ticket_priority p ON p.priority_id = c.priority
      WHERE t.ticket_id = ${sqlValue(ticketId)}`,
  );
  if (!r) throw new Error(`no ticket ${ticketId}`);
  return {
    id: num(r.ticket_id),
    number: r.number ?? '',
    subject: r.subject ?? '',
    status: r.status ?? '',
    deptId: num(r.dept_id),
    dept: r.dept ?? '',
    staffId: num(r.staff_id),
    staff: r.staff ?? '',
    topicId: num(r.topic_id),
    topic: r.topic ?? '',
    priority: r.priority ?? '',
    source: r.source ?? '',
  };
}

/** The internal ticket id (tickets.php?id=N) for the number the UI shows; null if none. */
export async function ticketIdByNumber(number: string): Promise<number | null> {
  const [r] = await query(`SELECT ticket_id FROM ${T}ticket WHERE number = ${sqlValue(number)}`);
  return r ? num(r.ticket_id) : null;
}

/** The number the UI shows for an internal ticket id; null if none. */
export async function ticketNumberById(ticketId: number): Promise<string | null> {
  const [r] = await query(`SELECT number FROM ${T}ticket WHERE ticket_id = ${sqlValue(ticketId)}`);
  return r?.number ?? null;
}

export interface Faq {
  id: number;
  question: string;
  /** Answer as plain text. */
  answer: string;
  category: string;
  /** 0 internal, 1 public, 2 featured. */
  published: number;
  categoryPublic: boolean;
}

/** Every FAQ with its category, in id order. */
export async function faqs(): Promise<Faq[]> {
  const rows = await query(
    `SELECT f.faq_id, f.question, f.answer, f.ispublished, c.name AS category, c.ispublic
       FROM ${T}faq f LEFT JOIN ${T}faq_category c ON c.category_id = f.category_id ORDER BY f.faq_id`,
  );
  return rows.map((r) => ({
    id: num(r.faq_id),
    question: r.question ?? '',
    answer: htmlToText(r.answer ?? ''),
    category: r.category ?? '',
    published: num(r.ispublished),
    categoryPublic: num(r.ispublic) > 0,
  }));
}

const NAMED: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", '#39': "'" };

/** Stored HTML as the text a reader sees: block ends become line breaks, tags go, entities decode. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
      if (e[0] === '#' && e !== '#39') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
      return NAMED[e] ?? m;
    })
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
