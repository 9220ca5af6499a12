// @vitest-environment happy-dom
/** The HTML reader on saved result pages of different shapes, and the HTML provider end to end. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readArticle, readResults } from '../../src/kb/html-reader.ts';
import { retryTerms, searchHtml } from '../../src/kb/html-provider.ts';
import { DEMO_KB_PAGE, OSTICKET_STAFF_FAQ } from '../../src/kb/presets.ts';
import type { HtmlProviderConfig } from '../../src/kb/config.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const GENERIC = {};
const ost = OSTICKET_STAFF_FAQ as HtmlProviderConfig;

describe('readResults', () => {
  it('osTicket staff search results (faq-categories.inc.php markup) with the osTicket provider config', () => {
    const r = readResults(parse(fixture('osticket-staff-results.html')), ost, 'http://ost.test/scp/kb.php?a=search&q=password', 5);
    expect(r).toEqual({
      kind: 'results',
      hits: [
        { id: 'http://ost.test/scp/faq.php?id=2', title: 'How do I reset my password?', snippet: 'Public', url: 'http://ost.test/scp/faq.php?id=2' },
        { id: 'http://ost.test/scp/faq.php?id=5', title: 'Password rules for agents', snippet: 'Internal', url: 'http://ost.test/scp/faq.php?id=5' },
      ],
    });
  });

  it('finds the same osTicket list without any config, past the nav, sub-nav, header and category dropdown', () => {
    const r = readResults(parse(fixture('osticket-staff-results.html')), GENERIC, 'http://ost.test/scp/kb.php', 5);
    expect(r.kind === 'results' && r.hits.map((h) => h.title)).toEqual(['How do I reset my password?', 'Password rules for agents']);
  });

  it('osTicket "The search did not match any FAQs." is an empty result, not an error', () => {
    expect(readResults(parse(fixture('osticket-staff-empty.html')), ost, 'http://ost.test/scp/kb.php', 5)).toEqual({ kind: 'empty' });
  });

  it('a Chinese help centre: titles in headings, snippets in descriptions; pagination and nav ignored', () => {
    const r = readResults(parse(fixture('helpcenter-zh-results.html')), GENERIC, 'https://help.example.cn/hc/search?q=x', 5);
    if (r.kind !== 'results') throw new Error(r.kind);
    expect(r.hits.map((h) => h.title)).toEqual(['如何修改发票抬头', '电子发票下载']);
    expect(r.hits[0]!.snippet).toContain('填写新的发票抬头与税号');
    expect(r.hits[0]!.url).toBe('https://help.example.cn/hc/zh-cn/articles/360001-%E5%A6%82%E4%BD%95%E4%BF%AE%E6%94%B9%E5%8F%91%E7%A5%A8%E6%8A%AC%E5%A4%B4');
  });

  it('a Chinese "没有找到" page is empty', () => {
    expect(readResults(parse(fixture('helpcenter-zh-empty.html')), GENERIC, 'https://help.example.cn/', 5)).toEqual({ kind: 'empty' });
  });

  it('a table of results (a wiki) is read row by row', () => {
    const r = readResults(parse(fixture('wiki-table-results.html')), GENERIC, 'https://wiki.example/search', 2);
    if (r.kind !== 'results') throw new Error(r.kind);
    expect(r.hits).toEqual([
      { id: 'https://wiki.example/wiki/Refund_policy', title: 'Refund policy', snippet: 'Items can be returned within 7 days; refunds go to the original payment method.', url: 'https://wiki.example/wiki/Refund_policy' },
      { id: 'https://wiki.example/wiki/Refund_times', title: 'Refund processing times', snippet: 'Card refunds take 3-5 business days.', url: 'https://wiki.example/wiki/Refund_times' },
    ]);
  });

  it('a login page instead of results says so; an unknown page is unreadable', () => {
    expect(readResults(parse('<form><input name=u><input type=password name=p></form>'), GENERIC, 'http://x.test/', 5)).toEqual({ kind: 'login' });
    expect(readResults(parse('<p>Welcome</p>'), GENERIC, 'http://x.test/', 5)).toEqual({ kind: 'unreadable' });
  });
});

describe('readArticle', () => {
  it('osTicket FAQ view: the answer from .faq-content .thread-body, blocks separated', () => {
    const text = readArticle(parse(fixture('osticket-staff-faq.html')), ost.articleBody);
    expect(text).toBe('Open the login page and choose Forgot my password. We e-mail a reset link that is valid for 30 minutes. Links expire after one use.');
  });
});

describe('searchHtml', () => {
  const pages: Record<string, string> = {
    '/scp/kb.php?a=search&q=reset%20my%20password%20please': fixture('osticket-staff-empty.html'),
    '/scp/kb.php?a=search&q=password': fixture('osticket-staff-results.html'),
    '/scp/kb.php?a=search&q=please': fixture('osticket-staff-empty.html'),
    '/scp/kb.php?a=search&q=reset': fixture('osticket-staff-empty.html'),
  };
  const seen: string[] = [];
  const fetch = (async (u: string, init?: RequestInit) => {
    const url = new URL(u);
    seen.push(`${url.pathname}${url.search} ${init?.credentials}`);
    const html = pages[url.pathname + url.search];
    return Object.defineProperty(new Response(html ?? 'nope', { status: html ? 200 : 404, headers: { 'content-type': 'text/html' } }), 'url', { value: u });
  }) as unknown as typeof globalThis.fetch;
  const env = { fetch, base: 'http://ost.test/scp/tickets.php?id=1', signal: new AbortController().signal, parseHtml: parse };

  it('osTicket matches the whole query as a phrase: the provider retries with the longest words, with the session cookie', async () => {
    expect(retryTerms('reset my password please', 3)).toEqual(['password', 'please', 'reset']);
    const r = await searchHtml(ost, 'reset my password please', 5, env);
    expect(r).toMatchObject({ ok: true, hits: [{ title: 'How do I reset my password?' }, { title: 'Password rules for agents' }] });
    expect(seen[0]).toBe('/scp/kb.php?a=search&q=reset%20my%20password%20please same-origin');
  });

  it('the demo console page config needs no selectors', async () => {
    expect(DEMO_KB_PAGE).toMatchObject({ kind: 'html', searchUrl: '/kb?q={query}' });
  });
});
