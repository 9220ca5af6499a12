/**
 * Records what the real osTicket staff panel looks like to a content script: trimmed HTML
 * snapshots of the parts deskhand reads and acts on (snapshots/*.html) and the facts
 * behind DOM.md (snapshots/facts.json: selectors, ajax URLs, notices, PJAX events).
 *
 *   sudo bash e2e/consoles/osticket/setup.sh && npx tsx e2e/consoles/osticket/dom-facts.ts
 *
 * Plain Chromium (no extension): this is the console as it is. It posts one reply and one
 * note, then resets the database again.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import puppeteer, { type HTTPRequest, type HTTPResponse, type Page } from 'puppeteer-core';
import { CHROME } from '../../../scripts/browser.ts';
import { loginStaff, mailLog, openTicket, pageSettled, resetOsticket, startOsticket, ticketsCreatedSince, ticketState, ticketThread } from './osticket.ts';

const OUT = resolve(import.meta.dirname, 'snapshots');
const facts: Record<string, unknown> = {};

/** outerHTML of the matches, without scripts, inline handlers, toolbars' buttons or long option lists. */
async function trimmed(page: Page, selector: string, max = 12_000): Promise<string> {
  return page.evaluate(
    (sel: string, limit: number) => {
      const parts: string[] = [];
      for (const el of Array.from(document.querySelectorAll(sel))) {
        const c = el.cloneNode(true) as Element;
        c.querySelectorAll('script, style, .redactor-toolbar > a:nth-child(n+3), .dropzone, .select2-selection__rendered li:nth-child(n+3)').forEach((n) => n.remove());
        c.querySelectorAll('select').forEach((s) => Array.from(s.options).slice(8).forEach((o) => o.remove()));
        for (const n of [c, ...Array.from(c.querySelectorAll('*'))]) {
          for (const a of Array.from(n.attributes)) {
            if (a.name.startsWith('on')) n.setAttribute(a.name, '…');
            if (a.name === 'value' && a.value.length > 40) n.setAttribute('value', `${a.value.slice(0, 12)}…`);
            if (a.name === 'src' && a.value.startsWith('data:')) n.setAttribute('src', 'data:…');
          }
        }
        parts.push(c.outerHTML.replace(/[ \t]+\n/g, '\n').replace(/\n\s*\n+/g, '\n').replace(/[ \t]{2,}/g, ' '));
      }
      const html = parts.join('\n<!-- next match -->\n');
      return html.length > limit ? `${html.slice(0, limit)}\n<!-- … trimmed -->` : html;
    },
    selector,
    max,
  );
}

async function snap(page: Page, name: string, selectors: string[], note: string): Promise<void> {
  const body = [];
  for (const s of selectors) body.push(`<!-- ${s} -->\n${await trimmed(page, s)}`);
  writeFileSync(resolve(OUT, `${name}.html`), `<!-- ${note}\n     URL: ${new URL(page.url()).pathname}${new URL(page.url()).search} -->\n${body.join('\n\n')}\n`);
}

function ajaxLog(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: HTTPRequest) => {
    const u = new URL(r.url());
    if (r.resourceType() === 'xhr' || r.resourceType() === 'fetch') seen.push(`${r.method()} ${u.pathname}${u.search}`);
  });
  return seen;
}

async function waitVisible(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(selector, { visible: true, timeout: 10_000 });
}

async function closePopup(page: Page): Promise<void> {
  await page.evaluate(() => {
    const close = document.querySelector<HTMLElement>('#popup a.close');
    close?.click();
  });
  // The dialog and its #overlay fade out; the overlay would swallow the next click.
  await page.waitForFunction(() =>
    ['#popup', '#overlay'].every((s) => {
      const e = document.querySelector(s);
      return !e || getComputedStyle(e).display === 'none';
    }),
  );
}

async function ticketPage(page: Page, id: number): Promise<void> {
  await openTicket(page, id);
  facts.ticket = await page.evaluate(() => {
    const q = (s: string) => document.querySelector(s);
    const txt = (s: string) => q(s)?.textContent?.replace(/\s+/g, ' ').trim() ?? null;
    const rows = (table: Element) =>
      Array.from(table.querySelectorAll('table th')).map((th) => [th.textContent?.trim(), (th.nextElementSibling as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').trim()]);
    const reply = q('form#reply');
    const note = q('form#note');
    return {
      title: document.title,
      heading: txt('.sticky.bar h2'),
      subject: txt('.tixTitle h3'),
      headerRows: Array.from(document.querySelectorAll('table.ticket_info')).map(rows),
      threadItems: q('#thread-items')?.getAttribute('data-thread-id'),
      entries: Array.from(document.querySelectorAll('#thread-items .thread-entry')).map((e) => ({
        wrapperId: e.parentElement?.id,
        className: e.className,
        headerText: (e.querySelector('.header') as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').trim(),
        poster: e.querySelector('.header > b')?.textContent,
        time: e.querySelector('.header time')?.getAttribute('datetime'),
        timeText: e.querySelector('.header time')?.textContent,
        // Not `.header .title`: the entry's action dropdown is a `ul.title` in the header too.
        title: e.querySelector('.header span.title')?.textContent?.trim(),
        body: (e.querySelector('.thread-body') as HTMLElement | null)?.innerText.trim().slice(0, 80),
      })),
      events: Array.from(document.querySelectorAll('#thread-items .thread-event')).map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
      tabs: Array.from(document.querySelectorAll('#response-tabs a')).map((a) => ({ id: a.id, href: a.getAttribute('href'), text: a.textContent?.trim() })),
      replyForm: reply && {
        className: reply.className,
        attrs: Object.fromEntries(Array.from(reply.attributes).map((a) => [a.name, a.value])),
        hidden: Array.from(reply.querySelectorAll('input[type=hidden]')).map((i) => (i as HTMLInputElement).name),
        textarea: Object.fromEntries(Array.from(q('#response')?.attributes ?? []).map((a) => [a.name, a.value])),
        editor: Object.fromEntries(Array.from(reply.querySelector('.redactor-in')?.attributes ?? []).map((a) => [a.name, a.value])),
        statusSelect: Array.from(reply.querySelectorAll('select[name=reply_status_id] option')).map((o) => `${(o as HTMLOptionElement).value}=${o.textContent?.trim()}`),
        replyTo: Array.from(reply.querySelectorAll('select[name=reply-to] option')).map((o) => `${(o as HTMLOptionElement).value}=${o.textContent?.trim()}`),
        submit: Array.from(reply.querySelectorAll('input[type=submit], input[type=reset], button')).map((b) => b.outerHTML),
      },
      noteForm: note && {
        className: note.className,
        hidden: Array.from(note.querySelectorAll('input[type=hidden]')).map((i) => (i as HTMLInputElement).name),
        title: q('#title')?.outerHTML,
        textarea: Object.fromEntries(Array.from(q('#internal_note')?.attributes ?? []).map((a) => [a.name, a.value])),
        editor: Object.fromEntries(Array.from(note.querySelector('.redactor-in')?.attributes ?? []).map((a) => [a.name, a.value])),
        statusSelect: Array.from(note.querySelectorAll('select[name=note_status_id] option')).map((o) => `${(o as HTMLOptionElement).value}=${o.textContent?.trim()}`),
        submit: Array.from(note.querySelectorAll('input[type=submit], input[type=reset]')).map((b) => b.outerHTML),
      },
      agentName: txt('#info strong'),
      info: txt('#info'),
      notices: ['#msg_notice', '#msg_error', '#msg_warning', '#msg_info'].map((s) => [s, !!q(s), (q(s) as HTMLElement | null)?.style.display ?? null]),
      iframes: document.querySelectorAll('iframe').length,
      lang: document.documentElement.lang,
    };
  });
  await snap(page, 'ticket-header', ['.sticky.bar h2', '.tixTitle', 'table.ticket_info'], `Ticket page header (ticket id ${id})`);
  await snap(page, 'ticket-thread', ['#thread-items > div:nth-child(-n+3)', '#thread-items .thread-entry.note', '#thread-items .thread-event'], 'Thread: customer message, event, agent reply, internal note');
  await snap(page, 'ticket-composer', ['#response-tabs', 'form#reply', 'form#note'], 'Composer: tabs, reply form, note form (toolbars cut to 2 buttons)');
}

async function userPopup(page: Page, ajax: string[]): Promise<void> {
  ajax.length = 0;
  // At the top: further down, the fixed sticky bar covers the header table.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('table.ticket_info a[href$="/user"]').click();
  await waitVisible(page, '#popup .custom-info, #popup table');
  await page.waitForFunction(() => document.querySelector('#popup')?.textContent?.includes('Phone'));
  await pageSettled(page);
  facts.userPopup = {
    ajax: [...ajax],
    text: await page.$eval('#popup', (p) => (p as HTMLElement).innerText.replace(/[ \t]+/g, ' ').trim().slice(0, 600)),
    phoneRow: await page.$$eval('#popup th, #popup td', (cells) => cells.map((c) => c.textContent?.trim()).filter(Boolean).slice(0, 20)),
  };
  await snap(page, 'user-popup', ['#popup'], 'User popup: click the user name in the header table');
  await closePopup(page);
}

/** Every notice the page holds, and whether a person can see it. */
async function notices(page: Page): Promise<{ selector: string; visible: boolean; text: string }[]> {
  return page.$$eval('#msg_notice, #msg_error, #msg_warning, #msg_info, [class$="-banner"]', (els) =>
    els.map((e) => ({
      selector: `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className ? `.${e.className.split(/\s+/).join('.')}` : ''}`,
      visible: (e as HTMLElement).offsetParent !== null,
      text: e.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    })),
  );
}

/** Opens an ajax dialog by clicking `openers` in turn (a dropdown, then its entry). */
async function dialog(page: Page, ajax: string[], openers: string[], name: string): Promise<void> {
  ajax.length = 0;
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const opener of openers) {
    await page.waitForSelector(opener, { visible: true });
    await page.locator(opener).click();
  }
  await waitVisible(page, '#popup form');
  await pageSettled(page);
  facts[name] = {
    ajax: [...ajax],
    form: await page.$eval('#popup form', (f) => ({
      id: f.id,
      action: f.getAttribute('action'),
      labels: Array.from(f.querySelectorAll('label, .form-header h3, h3, .field-label')).map((l) => l.textContent?.replace(/\s+/g, ' ').trim()).filter(Boolean),
      selects: Array.from(f.querySelectorAll('select')).map((s) => ({ name: s.name, id: s.id, options: Array.from(s.options).map((o) => `${o.value}=${o.text.trim()}`) })),
      textareas: Array.from(f.querySelectorAll('textarea')).map((t) => ({ name: t.name, id: t.id, placeholder: t.placeholder })),
      buttons: Array.from(f.querySelectorAll('input[type=submit], input[type=reset], input[type=button], button')).map((b) => b.outerHTML),
    })),
    title: await page.$eval('#popup', (p) => p.querySelector('h3')?.textContent?.trim() ?? null),
  };
  await snap(page, name, ['#popup'], `${name}: opened by clicking ${openers.join(' then ')}`);
  await closePopup(page);
}

async function pjax(page: Page): Promise<void> {
  await page.goto(`${osUrl}/scp/tickets.php`, { waitUntil: 'load' });
  await page.evaluate(() => {
    const w = window as unknown as { __pjax: string[]; jQuery: (d: Document) => { on(e: string, f: (ev: Event) => void): void } };
    w.__pjax = [];
    w.jQuery(document).on('pjax:click pjax:beforeSend pjax:start pjax:send pjax:beforeReplace pjax:success pjax:complete pjax:end pjax:popstate', (ev) => {
      w.__pjax.push(`${ev.type} ${location.pathname}${location.search}`);
    });
    document.querySelector('#pjax-container')?.setAttribute('data-marker', 'before');
  });
  const containerBefore = await page.$('#pjax-container');
  await page.locator('table.list tbody tr:first-child a.preview, table.list tbody tr:first-child a[href*="tickets.php?id="]').click();
  await page.waitForFunction(() => location.search.includes('id='));
  await page.waitForSelector('#reply .redactor-in');
  facts.pjax = await page.evaluate((before) => ({
    events: (window as unknown as { __pjax: string[] }).__pjax,
    url: location.href,
    sameContainerNode: document.querySelector('#pjax-container') === before,
    markerKept: document.querySelector('#pjax-container')?.getAttribute('data-marker'),
    title: document.title,
    historyLength: history.length,
  }), containerBefore);
}

async function postAndNotice(page: Page, id: number): Promise<void> {
  await openTicket(page, id);
  const ajax = ajaxLog(page);
  await page.locator('#reply .redactor-in').click();
  await page.keyboard.type('Your refund RF-20931 was issued today.');
  const synced = Date.now();
  await page.waitForFunction(() => (document.querySelector<HTMLTextAreaElement>('#response')?.value ?? '').includes('RF-20931'));
  const syncMs = Date.now() - synced;
  await page.waitForFunction(() => !!document.querySelector<HTMLInputElement>('#reply input[name=lockCode]')?.value, { timeout: 5_000 }).catch(() => {});
  const lock = await page.$eval('#reply input[name=lockCode]', (i) => (i as HTMLInputElement).value);
  const [resp] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.locator('#reply input[type=submit][value="Post Reply"]').click()]);
  facts.reply = {
    redirects: resp?.request().redirectChain().map((r) => `${r.response()?.status()} ${new URL(r.url()).pathname} -> ${r.response()?.headers().location ?? ''}`),
    syncMs,
    lockCode: lock ? 'filled' : 'empty',
    ajax: [...ajax],
    url: page.url(),
    notices: await notices(page),
    lastEntry: (await ticketThread(id)).at(-1),
    mail: (await mailLog()).map((m) => ({ to: m.to, subject: m.subject, body: m.body.slice(0, 200) })),
  };
  await snap(page, 'notice-after-post', ['#content > [class$="-banner"]', '#content > div > #msg_notice', '#changeuser-confirm'], 'After posting a reply: a redirect (PRG) to the ticket, the result in .success-banner; the hidden #msg_notice and the hidden #msg_warning inside a confirm dialog are always there');

  await page.locator('#post-note-tab').click();
  await waitVisible(page, '#note .redactor-in');
  await page.type('#note #title', 'Refund check');
  await page.locator('#note .redactor-in').click();
  await page.keyboard.type('Refund confirmed by the payment provider.');
  await page.waitForFunction(() => (document.querySelector<HTMLTextAreaElement>('#internal_note')?.value ?? '').includes('payment provider'));
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.locator('#note input[type=submit][value="Post Note"]').click()]);
  facts.note = {
    url: page.url(),
    notices: await notices(page),
    lastEntry: (await ticketThread(id)).at(-1),
    mailSoFar: (await mailLog()).map((m) => `${m.to.join(',')} | ${m.subject}`),
  };

  // An empty reply: the error the console shows.
  await page.locator('#post-reply-tab').click();
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.locator('#reply input[type=submit][value="Post Reply"]').click()]);
  facts.emptyReply = {
    notices: await notices(page),
    fieldErrors: await page.$$eval('#reply .error', (els) => els.map((e) => e.textContent?.trim()).filter(Boolean)),
  };
  await snap(page, 'notice-error', ['#msg_error', '#reply .error'], 'Posting an empty reply: the error notice and the field error');
}

/**
 * Open a New Ticket as an agent does: the page opens a "Lookup or create a user" dialog by
 * itself; pick the user there, then a Help Topic (which loads the subject and message
 * fields), then submit.
 */
async function newTicket(page: Page): Promise<void> {
  const ajax = ajaxLog(page);
  await page.goto(`${osUrl}/scp/tickets.php?a=open`, { waitUntil: 'load' });
  await waitVisible(page, '#user-search');
  await pageSettled(page);
  await snap(page, 'new-ticket-user-dialog', ['#popup'], 'Open a New Ticket: the "Lookup or create a user" dialog that opens with the page (ajax.php/users/lookup/form)');
  await page.type('#user-search', 'maria');
  await waitVisible(page, 'ul.typeahead.dropdown-menu li');
  await snap(page, 'new-ticket-user-typeahead', ['ul.typeahead.dropdown-menu'], 'The lookup\'s typeahead after typing "maria" (ajax.php/users/local?q=maria)');
  const lookup = await page.$$eval('ul.typeahead.dropdown-menu li', (o) => o.map((e) => e.textContent?.trim()));
  await page.locator('ul.typeahead.dropdown-menu li a').click();
  await waitVisible(page, '#selected-user-info input[type=submit]');
  const picked = await page.$eval('#selected-user-info', (e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
  // Continue reloads the page as tickets.php?a=open&uid=N.
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.locator('#selected-user-info input[type=submit]').click()]);
  const afterPick = await page.evaluate(() => ({
    url: location.pathname + location.search,
    userInfo: (document.querySelector('#user-info') as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').trim(),
    hidden: Array.from(document.querySelectorAll<HTMLInputElement>('form[action*="a=open"] input[type=hidden]')).map((i) => `${i.name}=${i.name.includes('CSRF') ? '…' : i.value}`),
  }));
  await snap(page, 'new-ticket-user-picked', ['#user-info'], 'Open a New Ticket after the lookup: the page reloads with ?uid=N and shows the user');

  await page.select('select[name=topicId]', String(seedTopics['Refund Request']));
  await waitVisible(page, '#dynamic-form .redactor-in');
  const dynamic = await page.$$eval('#dynamic-form input:not([type=hidden]), #dynamic-form select, #dynamic-form textarea', (els) =>
    els.map((e) => {
      const el = e as HTMLInputElement;
      const row = el.closest('tr');
      return `${el.tagName.toLowerCase()}|name=${el.name}|id=${el.id}|placeholder=${el.placeholder ?? ''}|label=${row?.querySelector('label, td')?.textContent?.replace(/\s+/g, ' ').trim() ?? ''}|visible=${el.offsetParent !== null}`;
    }),
  );
  await snap(page, 'new-ticket-topic-form', ['#dynamic-form'], 'Open a New Ticket: #dynamic-form after choosing a Help Topic (ajax.php/form/help-topic/N)');
  await page.type('#dynamic-form input[type=text]', 'Refund for a duplicate charge');
  await page.locator('#dynamic-form .redactor-in').click();
  await page.keyboard.type('I was charged twice for order #10733.');
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLTextAreaElement>('#dynamic-form textarea')).some((t) => t.value.includes('#10733')));
  const [resp] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.locator('input[type=submit][name=submit]').click()]);
  facts.newTicketFlow = {
    ajax: [...ajax],
    lookup,
    picked,
    afterPick,
    dynamicFields: dynamic,
    redirects: resp?.request().redirectChain().map((r) => `${r.response()?.status()} ${new URL(r.url()).pathname} -> ${r.response()?.headers().location ?? ''}`),
    url: page.url(),
    heading: await page.$eval('.sticky.bar h2', (h) => h.textContent?.replace(/\s+/g, ' ').trim()).catch(() => null),
    notices: await notices(page),
    created: await ticketsCreatedSince(new Date(Date.now() - 60_000)),
    mailSoFar: (await mailLog()).map((m) => `${m.to.join(',')} | ${m.subject}`),
  };
}

/** Submits an ajax dialog's form with one option chosen; records the exchange and where the page went. */
async function submitDialog(page: Page, ticketId: number, openers: string[], form: string, value: string, name: string): Promise<void> {
  await openTicket(page, ticketId);
  const exchanges: string[] = [];
  const onResponse = (r: HTTPResponse) => {
    const u = new URL(r.url());
    if (u.pathname.includes('/ajax.php/') || r.request().resourceType() === 'document') exchanges.push(`${r.request().method()} ${u.pathname} ${r.status()}`);
  };
  page.on('response', onResponse);
  for (const opener of openers) {
    await page.waitForSelector(opener, { visible: true });
    await page.locator(opener).click();
  }
  await waitVisible(page, `#popup ${form}`);
  await pageSettled(page);
  await page.select(`#popup ${form} select`, value);
  const [nav] = await Promise.all([
    page.waitForNavigation({ waitUntil: 'load', timeout: 10_000 }).then(
      () => 'navigated',
      () => 'stayed',
    ),
    page.locator(`#popup ${form} input[type=submit]`).click(),
  ]);
  page.off('response', onResponse);
  facts[name] = { exchanges, nav, url: page.url(), notices: await notices(page), db: await ticketState(ticketId) };
}

async function simplePage(page: Page, path: string, name: string, selectors: string[], note: string, collect: () => unknown): Promise<void> {
  await page.goto(`${osUrl}${path}`, { waitUntil: 'load' });
  await new Promise((r) => setTimeout(r, 300));
  facts[name] = { url: path, ...(await page.evaluate(collect) as object) };
  await snap(page, name, selectors, note);
}

let osUrl = '';
let seedTopics: Record<string, number> = {};

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const os = await startOsticket();
  await resetOsticket();
  osUrl = os.url;
  seedTopics = os.seed.topics;
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    pipe: true,
    defaultViewport: { width: 1360, height: 860 },
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    // tsx (esbuild keepNames) wraps inner functions in __name(); the page has none.
    await page.evaluateOnNewDocument('globalThis.__name = (f) => f');
    await loginStaff(page, os.staff);
    facts.afterLogin = page.url();
    const ticket = os.seed.tickets.find((t) => t.key === 'maria-refund');
    if (!ticket) throw new Error('seed ticket maria-refund missing');
    const ajax = ajaxLog(page);
    const t0 = Date.now();
    await ticketPage(page, ticket.id);
    facts.ticketLoadMs = Date.now() - t0;
    await page.screenshot({ path: resolve(OUT, 'ticket.jpg'), fullPage: true, type: 'jpeg', quality: 60 });
    await userPopup(page, ajax);
    await dialog(page, ajax, ['span[data-dropdown="#action-dropdown-assign"]', '#action-dropdown-assign a[href$="/assign/agents"]'], 'assign-dialog');
    await dialog(page, ajax, ['table.ticket_info a.inline-edit[href$="/assign"]'], 'assign-dialog-header');
    await dialog(page, ajax, ['#ticket-transfer'], 'transfer-dialog');
    await pjax(page);

    await simplePage(page, '/scp/tickets.php', 'ticket-list', ['form#tickets table.list thead', 'form#tickets table.list tbody tr:nth-child(-n+2)'], 'Open queue (first two rows)', () => ({
      headers: Array.from(document.querySelectorAll('table.list thead th')).map((th) => th.textContent?.trim()),
      rowLinks: Array.from(document.querySelectorAll('table.list tbody tr')).slice(0, 3).map((tr) => Array.from(tr.querySelectorAll('a')).map((a) => `${a.className}|${a.getAttribute('href')}|${a.textContent?.trim()}`)),
    }));
    await page.goto(`${osUrl}/scp/users.php?id=${ticket.userId}`, { waitUntil: 'load' });
    await dialog(page, ajax, ['a.user-action[href$="/edit"]'], 'user-page-edit-dialog');
    await simplePage(page, `/scp/users.php?id=${ticket.userId}`, 'user-page', ['.sticky.bar h2', '#user-profile, table.ticket_info, .user-info', '#tickets table.list, #user-tickets table, table.list'], 'User page (profile + tickets tab)', () => ({
      heading: document.querySelector('.sticky.bar h2, h2')?.textContent?.replace(/\s+/g, ' ').trim(),
      rows: Array.from(document.querySelectorAll('table th')).map((th) => `${th.textContent?.trim()} ${(th.nextElementSibling as HTMLElement | null)?.innerText?.trim() ?? ''}`).slice(0, 20),
      tabs: Array.from(document.querySelectorAll('ul.tabs a')).map((a) => `${a.id}|${a.getAttribute('href')}|${a.textContent?.trim()}`),
      ticketLinks: Array.from(document.querySelectorAll('a[href*="tickets.php?id="]')).map((a) => `${a.getAttribute('href')}|${a.textContent?.trim()}`),
    }));
    await simplePage(page, '/scp/tickets.php?a=open', 'new-ticket', ['form#new-ticket, form[action*="tickets.php?a=open"]'], 'Open a New Ticket (staff)', () => {
      const f = document.querySelector('form#new-ticket, form[action*="a=open"]');
      return {
        formId: f?.id,
        action: f?.getAttribute('action'),
        heading: document.querySelector('#content h2, .form_table h2, h2')?.textContent?.trim(),
        labels: Array.from(f?.querySelectorAll('label, th, td > strong, .form-header h3, em') ?? []).map((l) => l.textContent?.replace(/\s+/g, ' ').trim()).filter((s) => s && s.length < 60).slice(0, 40),
        fields: Array.from(f?.querySelectorAll('input:not([type=hidden]), select, textarea') ?? []).map((e) => {
          const el = e as HTMLInputElement;
          return `${el.tagName.toLowerCase()}|name=${el.name}|id=${el.id}|type=${el.type}|placeholder=${el.placeholder ?? ''}|visible=${el.offsetParent !== null}`;
        }),
        selects: Array.from(f?.querySelectorAll('select') ?? []).map((s) => ({ name: s.name, id: s.id, options: Array.from(s.options).map((o) => `${o.value}=${o.text.trim()}`).slice(0, 14) })),
        editors: Array.from(f?.querySelectorAll('.redactor-in') ?? []).map((e) => e.getAttribute('placeholder')),
        submit: Array.from(f?.querySelectorAll('input[type=submit], input[type=reset], input[type=button]') ?? []).map((b) => b.outerHTML),
      };
    });
    await simplePage(page, '/scp/kb.php?q=refund', 'kb-search', ['#content form', '#content .faq-title, #content ol, #content ul.faq, #content .results, #basic_search ~ *'], 'Staff FAQ search ?q=refund', () => ({
      form: document.querySelector('#content form')?.outerHTML.slice(0, 800),
      results: Array.from(document.querySelectorAll('#content a[href*="faq.php?id="]')).map((a) => `${a.getAttribute('href')}|${a.textContent?.trim()}`),
      text: (document.querySelector('#content') as HTMLElement | null)?.innerText.slice(0, 800),
    }));
    await simplePage(page, '/scp/kb.php?q=' + encodeURIComponent('发票'), 'kb-search-zh', ['#content'], 'Staff FAQ search ?q=发票', () => ({
      results: Array.from(document.querySelectorAll('#content a[href*="faq.php?id="]')).map((a) => `${a.getAttribute('href')}|${a.textContent?.trim()}`),
    }));
    await simplePage(page, '/scp/faq.php?id=1', 'kb-faq', ['#content'], 'One FAQ (staff view)', () => ({
      heading: document.querySelector('#content h2, .faq-title')?.textContent?.trim(),
      text: (document.querySelector('#content') as HTMLElement | null)?.innerText.slice(0, 600),
    }));
    await simplePage(page, '/scp/profile.php', 'profile-language', ['select[name=lang]', 'select[name=locale]'], 'Staff profile: language / locale choices', () => ({
      langs: Array.from(document.querySelectorAll('select[name=lang] option')).map((o) => `${(o as HTMLOptionElement).value}=${o.textContent?.trim()}`),
    }));

    const open = os.seed.tickets.find((t) => t.key === 'liam-login');
    if (!open) throw new Error('seed ticket liam-login missing');
    await postAndNotice(page, open.id);
    await newTicket(page);
    const other = os.seed.tickets.find((t) => t.key === 'zhang-shipping');
    if (!other) throw new Error('seed ticket zhang-shipping missing');
    await submitDialog(page, other.id, ['#ticket-transfer'], 'form#transfer', String(os.seed.departments.Sales), 'transfer-submit');
    await submitDialog(page, other.id, ['span[data-dropdown="#action-dropdown-assign"]', '#action-dropdown-assign a[href$="/assign/agents"]'], 'form#assign', 's3', 'assign-submit');
    // The same again: transfer to the department it is in now (the error path).
    await submitDialog(page, other.id, ['#ticket-transfer'], 'form#transfer', String(os.seed.departments.Sales), 'transfer-submit-error');
    await snap(page, 'transfer-error', ['#popup .body > *:not(form)', '#popup form .error'], 'Transfer to the current department: the error stays in the dialog');
  } finally {
    await browser.close();
    await resetOsticket();
  }
  writeFileSync(resolve(OUT, 'facts.json'), `${JSON.stringify(facts, null, 2)}\n`);
  console.log(`wrote ${OUT}`);
}

await main();
