/**
 * The private FreeScout 1.8.235 of setup.sh, for real-console tests and benchmarks: start it,
 * reset it to the seeded database, log a browser in (as the English or the Chinese agent),
 * and read the truth from FreeScout's own database (never from the page under test).
 *
 * State (URL, socket, what the seed made) comes from `$FREESCOUT_DIR/state.json`, which
 * setup.sh writes. Queries go through the `mariadb` CLI client as the private server's root
 * over its socket, in XML mode (the parser is osTicket's helper: NULL stays apart from '').
 *
 * FreeScout's facts (FREESCOUT.md beside the shared tarball): threads are stored per
 * conversation with a type (1 customer, 2 agent reply, 3 note, 4 line item: status,
 * assignee and mailbox events) and a state — typing in the composer autosaves a *draft*
 * (state 1), so only state 2 (published) counts as landed. Outgoing mail is a queued job.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'puppeteer-core';
import { htmlToText, parseXmlRows, sqlValue, type Row } from '../osticket/osticket.ts';

export { htmlToText, sqlValue };
const run = promisify(execFile);
const HERE = import.meta.dirname;
export const FREESCOUT_DIR = process.env.FREESCOUT_DIR ?? '/tmp/deskhand-freescout';
const SETUP = resolve(HERE, 'setup.sh');
const RESET = resolve(HERE, 'reset.sh');
const STOP = resolve(HERE, 'stop.sh');

export interface Account {
  email: string;
  password: string;
}

/** The agents tests act as: Sam Agent in English, Jing Chen with FreeScout set to zh-CN. */
export type Lang = 'en' | 'zh';

export interface FreescoutState {
  url: string;
  host: string;
  port: number;
  db: { socket: string; name: string };
  mailLog: string;
  password: string;
  ids: {
    conv: number;
    convNumber: number;
    oldConv: number;
    oldConvNumber: number;
    otherConv: number;
    otherConvNumber: number;
    customer: number;
    ada: number;
    sam: number;
    kim: number;
    mailbox: number;
    salesMailbox: number;
  };
  zhAgent: { id: number; email: string; name: string; locale: string };
}

/** What setup.sh installed; throws when it has not run. */
export function freescoutState(): FreescoutState {
  const file = resolve(FREESCOUT_DIR, 'state.json');
  if (!existsSync(file)) throw new Error(`FreeScout is not installed (${file} missing): run sudo bash ${SETUP}`);
  return JSON.parse(readFileSync(file, 'utf8')) as FreescoutState;
}

async function answers(url: string): Promise<boolean> {
  try {
    const r = await fetch(`${url}/login`, { signal: AbortSignal.timeout(2_000), redirect: 'manual' });
    return r.status === 200;
  } catch {
    return false;
  }
}

async function running(): Promise<boolean> {
  return existsSync(resolve(FREESCOUT_DIR, 'state.json')) && answers(freescoutState().url);
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

/** True when the helpdesk answers, or setup.sh could install it here (root, source found). */
export async function freescoutAvailable(): Promise<boolean> {
  if (await running()) return true;
  return sh(SETUP, ['--check']).then(
    () => true,
    () => false,
  );
}

export interface Freescout {
  url: string;
  state: FreescoutState;
  /** The agent per UI language (both members of every mailbox, role "user"). */
  agents: Record<Lang, Account & { id: number; name: string }>;
  /** Stops the services if this call started them. */
  close(): Promise<void>;
}

/** Runs setup.sh (idempotent: installs what is missing, else restores the seed in about a second). */
export async function startFreescout(): Promise<Freescout> {
  const wasRunning = await running();
  await sh(SETUP);
  const state = freescoutState();
  return {
    url: state.url,
    state,
    agents: {
      en: { email: 'sam@example.com', password: state.password, id: state.ids.sam, name: 'Sam Agent' },
      zh: { email: state.zhAgent.email, password: state.password, id: state.zhAgent.id, name: state.zhAgent.name },
    },
    async close() {
      if (!wasRunning) await sh(STOP);
    },
  };
}

/** The seeded database back (drafts and queued jobs go with it); browsers stay logged in. */
export async function resetFreescout(): Promise<void> {
  await sh(RESET);
}

/** Runs SQL against FreeScout's database; rows of the SELECTs in it as objects. */
export async function query<T extends Row = Row>(sql: string): Promise<T[]> {
  const { db } = freescoutState();
  try {
    const { stdout } = await run('mariadb', ['--no-defaults', '--xml', '--default-character-set=utf8mb4', '-S', db.socket, '-uroot', db.name, '-e', sql], {
      maxBuffer: 64 << 20,
    });
    return parseXmlRows(stdout) as T[];
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`query failed: ${err.stderr?.trim() || err.message}\n${sql}`);
  }
}

const num = (v: string | null | undefined): number => (v === null || v === undefined || v === '' ? 0 : Number(v));

// -- the browser -------------------------------------------------------------------------

/** Logs a page in at /login (Laravel's form posts and redirects to the dashboard). */
export async function loginAgent(page: Page, who: Account): Promise<void> {
  const { url } = freescoutState();
  await page.goto(`${url}/login`, { waitUntil: 'load' });
  await page.locator('input#email').fill(who.email);
  await page.locator('input#password').fill(who.password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'load', timeout: 15_000 }), page.click('button[type=submit]')]);
  if (new URL(page.url()).pathname === '/login') throw new Error(`login as ${who.email} failed at ${page.url()}`);
}

/** Opens a conversation (`/conversation/{id}`) and waits until its thread is there. */
export async function openConversation(page: Page, id: number): Promise<void> {
  await page.goto(`${freescoutState().url}/conversation/${id}`, { waitUntil: 'load' });
  await page.waitForSelector('#conv-layout-main .thread');
}

// -- the truth, from the database ----------------------------------------------------------

export type Role = 'customer' | 'agent' | 'note' | 'system';
const ROLE: Record<number, Role> = { 1: 'customer', 2: 'agent', 3: 'note', 4: 'system' };

export interface Thread {
  id: number;
  type: number;
  role: Role;
  /** 1 draft, 2 published. */
  state: number;
  /** The author's "First Last" (the agent who wrote it, or the customer). */
  author: string;
  createdByUserId: number;
  /** The assignee the line item set (type 4, action_type 2). */
  userId: number;
  actionType: number;
  body: string;
  text: string;
  /** UTC "YYYY-MM-DD HH:MM:SS". */
  created: string;
}

const THREADS = `SELECT t.id, t.type, t.state, t.created_by_user_id, t.user_id, t.action_type, t.body, t.created_at,
    TRIM(CONCAT(COALESCE(u.first_name, c.first_name, ''), ' ', COALESCE(u.last_name, c.last_name, ''))) AS author
  FROM threads t LEFT JOIN users u ON u.id = t.created_by_user_id LEFT JOIN customers c ON c.id = t.created_by_customer_id`;

function thread(r: Row): Thread {
  const type = num(r.type);
  return {
    id: num(r.id),
    type,
    role: ROLE[type] ?? 'system',
    state: num(r.state),
    author: r.author ?? '',
    createdByUserId: num(r.created_by_user_id),
    userId: num(r.user_id),
    actionType: num(r.action_type),
    body: r.body ?? '',
    text: htmlToText(r.body ?? ''),
    created: r.created_at ?? '',
  };
}

/** A conversation's threads, oldest first; published only unless `drafts`. */
export async function conversationThreads(convId: number, opts: { drafts?: boolean; afterId?: number } = {}): Promise<Thread[]> {
  const rows = await query(
    `${THREADS} WHERE t.conversation_id = ${sqlValue(convId)} ${opts.drafts ? '' : 'AND t.state = 2'} AND t.id > ${sqlValue(opts.afterId ?? 0)}
      ORDER BY t.created_at, t.id`,
  );
  return rows.map(thread);
}

export async function maxId(table: 'threads' | 'conversations' | 'jobs'): Promise<number> {
  const [r] = await query(`SELECT COALESCE(MAX(id), 0) AS id FROM ${table}`);
  return num(r?.id);
}

export interface Conversation {
  id: number;
  number: number;
  subject: string;
  /** 1 draft, 2 published, 3 deleted. */
  state: number;
  /** 1 active, 2 pending, 3 closed, 4 spam. */
  status: number;
  mailboxId: number;
  mailbox: string;
  /** The assignee (`conversations.user_id`), 0 when nobody. */
  userId: number;
  /** The assignee's "First Last", '' when nobody. */
  assignee: string;
  customerId: number;
  customerEmail: string;
  created: string;
}

const CONVERSATIONS = `SELECT c.id, c.number, c.subject, c.state, c.status, c.mailbox_id, m.name AS mailbox, c.user_id,
    TRIM(CONCAT(COALESCE(u.first_name, ''), ' ', COALESCE(u.last_name, ''))) AS assignee, c.customer_id, c.customer_email, c.created_at
  FROM conversations c LEFT JOIN mailboxes m ON m.id = c.mailbox_id LEFT JOIN users u ON u.id = c.user_id`;

function conversationOf(r: Row): Conversation {
  return {
    id: num(r.id),
    number: num(r.number),
    subject: r.subject ?? '',
    state: num(r.state),
    status: num(r.status),
    mailboxId: num(r.mailbox_id),
    mailbox: r.mailbox ?? '',
    userId: num(r.user_id),
    assignee: r.assignee ?? '',
    customerId: num(r.customer_id),
    customerEmail: r.customer_email ?? '',
    created: r.created_at ?? '',
  };
}

export async function conversation(id: number): Promise<Conversation> {
  const [r] = await query(`${CONVERSATIONS} WHERE c.id = ${sqlValue(id)}`);
  if (!r) throw new Error(`no conversation ${id}`);
  return conversationOf(r);
}

/** Published conversations with an id above `afterId` (new ones since a mark), oldest first. */
export async function conversationsAfter(afterId: number): Promise<Conversation[]> {
  return (await query(`${CONVERSATIONS} WHERE c.id > ${sqlValue(afterId)} AND c.state = 2 ORDER BY c.id`)).map(conversationOf);
}

/** A customer's published conversations, newest first (what the customer page lists). */
export async function customerConversations(customerId: number): Promise<Conversation[]> {
  return (await query(`${CONVERSATIONS} WHERE c.customer_id = ${sqlValue(customerId)} AND c.state = 2 ORDER BY c.created_at DESC, c.id DESC`)).map(conversationOf);
}

export interface Customer {
  id: number;
  name: string;
  email: string;
  /** The first phone as entered ("(415) 555-0142"), '' when none. */
  phone: string;
  company: string;
  jobTitle: string;
}

export async function customer(id: number): Promise<Customer> {
  const [r] = await query(
    `SELECT c.id, TRIM(CONCAT(COALESCE(c.first_name, ''), ' ', COALESCE(c.last_name, ''))) AS name, c.phones, c.company, c.job_title,
            (SELECT e.email FROM emails e WHERE e.customer_id = c.id ORDER BY e.id LIMIT 1) AS email
       FROM customers c WHERE c.id = ${sqlValue(id)}`,
  );
  if (!r) throw new Error(`no customer ${id}`);
  let phone = '';
  try {
    const phones = JSON.parse(r.phones || '[]') as { value?: string }[];
    phone = phones[0]?.value ?? '';
  } catch {
    phone = '';
  }
  return { id: num(r.id), name: r.name ?? '', email: r.email ?? '', phone, company: r.company ?? '', jobTitle: r.job_title ?? '' };
}

export interface Job {
  id: number;
  queue: string;
  /** The job's class, e.g. "App\\Jobs\\SendReplyToCustomer". */
  name: string;
  payload: string;
}

/** Queued jobs (FreeScout's database queue; no worker runs here, so they stay), in id order. */
export async function queuedJobs(afterId = 0): Promise<Job[]> {
  const rows = await query(`SELECT id, queue, payload FROM jobs WHERE id > ${sqlValue(afterId)} ORDER BY id`);
  return rows.map((r) => {
    let name = '';
    try {
      name = (JSON.parse(r.payload ?? '{}') as { displayName?: string }).displayName ?? '';
    } catch {
      name = '';
    }
    return { id: num(r.id), queue: r.queue ?? '', name, payload: r.payload ?? '' };
  });
}

/** The user id of an agent by "First Last"; null if none. */
export async function userIdByName(name: string): Promise<number | null> {
  const [r] = await query(`SELECT id FROM users WHERE TRIM(CONCAT(first_name, ' ', last_name)) = ${sqlValue(name)}`);
  return r ? num(r.id) : null;
}
