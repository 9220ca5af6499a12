/**
 * Provider configurations for consoles deskhand knows (data only; console profiles embed
 * them). The demo console's JSON endpoint is what `kb.endpoint` has always meant.
 */
import { KbProviderConfig, type HtmlProviderConfig, type JsonProviderConfig } from './config.ts';

/*
 * Written as parsed configurations (every default filled in), not parsed at module load: the
 * content kit builds no schema it does not use (issue 22). test/kb/presets.test.ts checks each
 * one parses to itself.
 */

/** The legacy `kb.endpoint` shape: `{ total, results: [{ id, title, snippet, url, body? }] }`, as written. */
export const jsonFields = (url: string, name?: string): JsonProviderConfig => ({
  kind: 'json',
  url,
  queryParam: 'q',
  limitParam: 'limit',
  listPath: 'results',
  titlePath: 'title',
  snippetPath: 'snippet',
  urlPath: 'url',
  idPath: 'id',
  totalPath: 'total',
  answerPath: 'body',
  ...(name ? { name } : {}),
});

/** The same for a URL from settings: checked (a URL of another origin throws). */
export const jsonEndpoint = (url: string, name?: string) => KbProviderConfig.parse(jsonFields(url, name));

export const LOCAL: KbProviderConfig = { kind: 'local' };

/** The demo console's own KB search page (HTML). */
export const DEMO_KB_PAGE: HtmlProviderConfig = { kind: 'html', name: 'Demo KB page', searchUrl: '/kb?q={query}', retryWords: 0 };

/**
 * osTicket 1.18 staff panel FAQ search (include/staff/faq-categories.inc.php): results are
 * `<div id="faq"><ol><li><a href="faq.php?id=N" class="previewfaq">Question</a> - <span>…</span>`,
 * "The search did not match any FAQs." otherwise; the article (faq-view.inc.php) keeps its
 * answer in `.faq-content .thread-body`. Its search is `LIKE %q%` on the whole query.
 */
export const OSTICKET_STAFF_FAQ: HtmlProviderConfig = {
  kind: 'html',
  name: 'osTicket FAQ',
  searchUrl: '/scp/kb.php?a=search&q={query}',
  result: '#faq ol > li',
  link: 'a[href*="faq.php?id="]',
  articleBody: '.faq-content .thread-body',
  retryWords: 3,
};

/** osTicket's public knowledge base (include/client/kb-search.inc.php, faq.inc.php). */
export const OSTICKET_PUBLIC_FAQ: HtmlProviderConfig = {
  kind: 'html',
  name: 'osTicket public FAQ',
  searchUrl: '/kb/faq.php?a=search&q={query}',
  result: '#faq ol > li',
  link: 'a[href*="faq.php?id="]',
  articleBody: '.faq-content .thread-body',
  retryWords: 3,
};

export const PRESETS = { demoJson: jsonFields('/api/kb/search', 'Demo KB API'), demoPage: DEMO_KB_PAGE, osticketStaff: OSTICKET_STAFF_FAQ, osticketPublic: OSTICKET_PUBLIC_FAQ, local: LOCAL } as const;
