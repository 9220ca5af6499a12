/**
 * The held-out relevance set: help-centre articles, agent queries with the articles that
 * answer them, and support conversations with the demo category a careful agent picks.
 * Written without reading the search or matching code, so nothing here is shaped to what
 * the code already handles (README.md says how). This file only loads and checks the
 * shape; it ranks nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';

export const RELEVANCE_DIR = import.meta.dirname;
const ARTICLES_DIR = join(RELEVANCE_DIR, 'articles');

export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** How a query is written. One query may be several kinds (a pasted message with a typo). */
export const QUERY_KINDS = [
  'keyword', // a word or two, the way an agent types into a search box
  'pasted', // a whole customer message pasted in, 150-300 characters
  'colloquial', // chat language: 我要销户, money back pls
  'typo', // misspelt English, a wrong character from the IME in Chinese
  'mixed', // Chinese and English in one query
  'paraphrase', // says what the article says in few of its words
  'near-duplicate', // two articles differ in one detail; only the one with that detail is right
  'cross-language', // every right article is in the other language
  'no-answer', // a support question the knowledge base has no article for
  'off-topic', // not a support question at all
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/** How a conversation names its problem. */
export const CONVERSATION_KINDS = [
  'direct', // says it in the category's own words
  'loose', // the words only loosely relate (冒烟, "stopped working", 开的票)
  'trap', // a category's word appears in an unrelated sense (accounting, 退出登录, membership)
] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/** The demo console's ticket categories (demo/console/data.ts), plus 'other' which it also lists. */
export const CATEGORY_VALUES = ['shipping', 'refund', 'invoice', 'account', 'quality', 'other'] as const;
export type Category = (typeof CATEGORY_VALUES)[number];

export interface Article {
  /** The file name without `.md`; it starts with the article's language (`zh-`, `en-`). */
  id: string;
  lang: Lang;
  title: string;
  /** Everything after the `# Title` line, paragraphs separated by blank lines. */
  body: string;
  /** The whole file as written, for importers that take Markdown. */
  markdown: string;
}

const querySchema = z.strictObject({
  id: z.string().regex(/^q\d+$/),
  q: z.string().min(1),
  lang: z.enum(['zh', 'en', 'mixed']),
  kinds: z.array(z.enum(QUERY_KINDS)).min(1),
  /** Every article that answers the query, in either language; the first is the one a careful
   * agent opens first. Empty: nothing should be returned. */
  relevant: z.array(z.string()),
});
export type Query = z.infer<typeof querySchema>;

const conversationSchema = z.strictObject({
  id: z.string().regex(/^c-(zh|en)-\d+$/),
  lang: z.enum(LANGS),
  category: z.enum(CATEGORY_VALUES),
  kinds: z.array(z.enum(CONVERSATION_KINDS)).min(1),
  messages: z
    .array(z.strictObject({ role: z.enum(['customer', 'agent']), text: z.string().min(1) }))
    .min(2)
    .max(5),
});
export type Conversation = z.infer<typeof conversationSchema>;

export interface RelevanceSet {
  articles: Article[];
  queries: Query[];
  conversations: Conversation[];
}

/** Parses one article file: `# Title` on the first line, then the body. */
export function parseArticle(fileName: string, markdown: string): Article {
  const id = fileName.replace(/\.md$/, '');
  const lang = id.slice(0, 2);
  if (lang !== 'zh' && lang !== 'en') throw new Error(`${fileName}: the name must start with zh- or en-`);
  const m = /^# (.+)\n+([\s\S]+)$/.exec(markdown);
  if (!m) throw new Error(`${fileName}: expected "# Title" then a body`);
  return { id, lang, title: m[1]!.trim(), body: m[2]!.trim(), markdown };
}

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(join(RELEVANCE_DIR, name), 'utf8'));
}

/** Reads the whole set from disk and checks its shape (zod); throws on a malformed file. */
export function loadRelevanceSet(): RelevanceSet {
  const articles = readdirSync(ARTICLES_DIR)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => parseArticle(f, readFileSync(join(ARTICLES_DIR, f), 'utf8')));
  const queries = z.array(querySchema).parse(readJson('queries.json'));
  const conversations = z.array(conversationSchema).parse(readJson('conversations.json'));
  return { articles, queries, conversations };
}
