// @vitest-environment happy-dom
/**
 * The KB search page from one pick (issue 20 item 3): the search box's GET form as the search
 * URL of an `html` provider; a form that posts or leaves the origin gives no rule.
 */
import { describe, expect, it } from 'vitest';
import { parseProfile } from '../../src/profiles/schema.ts';
import { applyPatch, newDraft, taughtProblems } from '../../src/profiles/taught.ts';
import { kbRule } from '../../src/teach/kb.ts';

const ORIGIN = 'https://desk.example.com';
const page = (path: string, html: string) => {
  (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`${ORIGIN}${path}`);
  document.body.innerHTML = html;
};

describe('the KB search page from its search box', () => {
  it('a GET form: its action, its hidden fields (not a session token) and the box, with {query}', () => {
    page('/scp/kb.php', '<form action="kb.php" method="get"><input type="hidden" name="a" value="search"><input type="hidden" name="__CSRFToken__" value="x1"><input type="text" name="q"><button>Search</button></form>');
    const r = kbRule(document.querySelector('input[name=q]')!);
    expect(r.patch).toEqual({ kb: [{ kind: 'html', searchUrl: '/scp/kb.php?a=search&q={query}' }] });
    const p = applyPatch(newDraft(ORIGIN, null), r.patch!);
    expect(parseProfile(p).ok).toBe(true);
    expect(taughtProblems(p, ORIGIN)).toEqual([]);
  });
  it('a form that posts, or goes to another origin, is no search page deskhand may read', () => {
    page('/kb', '<form method="post" action="/kb/search"><input name="q"></form>');
    expect(kbRule(document.querySelector('input')!).patch).toBeNull();
    page('/kb', '<form action="https://search.example.net/s"><input name="q"></form>');
    expect(kbRule(document.querySelector('input')!).patch).toBeNull();
  });
  it('"this console has no knowledge base" is an empty provider list, which a taught profile may say', () => {
    const p = applyPatch(newDraft(ORIGIN, null), { kb: [] });
    expect(parseProfile(p).ok).toBe(true);
    expect(p.kb).toEqual([]);
  });
});
