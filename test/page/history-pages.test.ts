// @vitest-environment happy-dom
/**
 * History rules per kind of page (issue 20 item 3): the page model uses the profile's rule for
 * the first page glob that matches the path and finds its list, else its rule for every page.
 */
import { describe, expect, it } from 'vitest';
import { PageModel } from '../../src/page/model.ts';
import type { ConsoleProfile } from '../../src/profiles/schema.ts';

const ORIGIN = 'https://desk.example.com';
const profile: ConsoleProfile = {
  id: 'taught-desk-example-com',
  name: 'desk',
  version: 1,
  match: { origins: [ORIGIN] },
  history: {
    container: '.prev-block',
    pages: { '/customers/*': { container: 'table.convs', item: 'tr.conv-row', id: { css: 'td.num > a' }, title: 'td.subject > p' } },
  },
};
const env = { profiles: () => [{ profile, source: 'taught' as const }], choice: () => undefined, agentName: () => '' };

function at(path: string, html: string) {
  // happy-dom's own way to navigate without loading (its window API, not the DOM's).
  (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`${ORIGIN}${path}`);
  document.body.innerHTML = html;
  return new PageModel(document, env).current();
}

describe('history rules per kind of page', () => {
  it('the customer page uses its own rule: which column is the id, which the title', () => {
    const s = at('/customers/1/', '<table class="convs"><tr class="conv-row"><td class="subject"><p>Package never arrived</p><p>Thank you. The tracking number is 1Z999AA10123456784</p></td><td class="num"><a href="/conversation/2"><i>#</i>2</a></td></tr></table>');
    expect(s.historyRule()).toEqual(profile.history!.pages!['/customers/*']);
    expect(s.historyList()?.className).toBe('convs');
  });
  it('a ticket page uses the rule for every page; a page whose own list is missing falls back to it too', () => {
    expect(at('/conversation/2', '<div class="prev-block"><ul><li><a href="/conversation/1">Cannot log in</a></li></ul></div>').historyRule()?.container).toBe('.prev-block');
    expect(at('/customers/1/', '<div class="prev-block"><ul><li>x</li></ul></div>').historyRule()?.container).toBe('.prev-block');
  });
});
