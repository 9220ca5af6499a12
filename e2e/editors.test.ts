/**
 * Editor adapters in real Chromium on pages built from the real editor packages
 * (fixtures/editors). `reply.draft` runs through the built extension's content script;
 * what the editor holds is read through the editor's own API in the page's main world
 * (window.__fixtureEditor), and what the page's own Send posted is read from the fixture
 * server's log. Clearing, detection and the composer locator have no tool of their own
 * yet: they run from deskhand's source bundled into an isolated world of the same page
 * (the content script's kind of world, where page objects are out of reach).
 */
import { build } from 'esbuild';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_NAMES, PAGES, start, type FixtureServer, type PageName, type SentEntry } from '../fixtures/editors/server.ts';
import type { EditorKind } from '../src/dom/editors/index.ts';
import type { ToolResult } from '../src/tools/types.ts';
import { startHarness, until, waitReady, type Harness } from './harness.ts';

/** What each page's composer is; `block`: the editor's model has no soft line break (each line is a paragraph). */
const EXPECT: Record<PageName, { kind: EditorKind; source: boolean; frame: boolean; soft?: 'block' }> = {
  textarea: { kind: 'textarea', source: false, frame: false },
  contenteditable: { kind: 'contenteditable', source: false, frame: false },
  tiptap: { kind: 'prosemirror', source: false, frame: false },
  prosemirror: { kind: 'prosemirror', source: false, frame: false },
  quill: { kind: 'quill', source: false, frame: false, soft: 'block' },
  ckeditor5: { kind: 'ckeditor5', source: true, frame: false },
  ckeditor4: { kind: 'ckeditor4', source: true, frame: true },
  'ckeditor4-inline': { kind: 'ckeditor4', source: false, frame: false },
  tinymce: { kind: 'tinymce', source: true, frame: true },
  'tinymce-inline': { kind: 'tinymce', source: false, frame: false },
  lexical: { kind: 'lexical', source: false, frame: false },
  summernote: { kind: 'summernote', source: true, frame: false },
  slate: { kind: 'slate', source: false, frame: false, soft: 'block' },
  draftjs: { kind: 'draftjs', source: false, frame: false },
  'redactor-standin': { kind: 'redactor', source: true, frame: false },
  tabs: { kind: 'textarea', source: false, frame: false },
  shadow: { kind: 'contenteditable', source: false, frame: false },
  framed: { kind: 'textarea', source: false, frame: false },
};
const EDITOR_PAGES = PAGE_NAMES.filter((n) => n !== 'tabs');

const FIRST = '您好，张先生：';
const SECOND = '您的退款已经处理，预计 3-5 个工作日到账。Thanks for waiting!';
const TEXT = `${FIRST}\n\n${SECOND}`;
const REDRAFT = '第二稿：请以这一版为准。\n\n第一行 first line\n第二行 second line';
const redraftParagraphs = (soft?: 'block') =>
  soft === 'block' ? ['第二稿：请以这一版为准。', '第一行 first line', '第二行 second line'] : ['第二稿：请以这一版为准。', '第一行 first line\n第二行 second line'];

let h: Harness;
let fx: FixtureServer;
let probe: string;

beforeAll(async () => {
  [h, fx] = await Promise.all([startHarness({ roles: ['AGENT'] }), start()]);
  const out = await build({
    stdin: {
      // __mount(): the page's composer mount, also in the shadow-root and iframe pages.
      contents: `import * as editors from './src/dom/editors/index.ts'; import * as composer from './src/dom/composer.ts';
        globalThis.__dh = { ...editors, ...composer };
        globalThis.__mount = () => document.getElementById('editor') ?? document.querySelector('reply-box')?.shadowRoot?.getElementById('editor')
          ?? document.getElementById('reply-frame')?.contentDocument?.getElementById('editor');`,
      resolveDir: `${import.meta.dirname}/..`,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'chrome116',
  });
  probe = out.outputFiles[0]!.text;
});
afterAll(async () => {
  await h?.close();
  await fx?.close();
});

interface Opened {
  page: Page;
  tabId: number;
  panel: Page;
  /** Evaluates an expression in an isolated world holding deskhand's DOM modules as `__dh`. */
  iso<T>(expr: string): Promise<T>;
  close(): Promise<void>;
}

async function isolatedWorld(page: Page): Promise<Opened['iso']> {
  const cdp = await page.createCDPSession();
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const { executionContextId: contextId } = (await cdp.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'deskhand-e2e' })) as {
    executionContextId: number;
  };
  await cdp.send('Runtime.evaluate', { expression: probe, contextId });
  return async <T>(expression: string) => {
    const r = (await cdp.send('Runtime.evaluate', { expression, contextId, awaitPromise: true, returnByValue: true })) as {
      result: { value?: unknown };
      exceptionDetails?: { exception?: { description?: string }; text?: string };
    };
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value as T;
  };
}

async function open(name: PageName): Promise<Opened> {
  const page = await h.browser.newPage();
  await page.goto(`${fx.url}/${name}`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__fixtureEditor?.ready === true, { timeout: 15_000 });
  await waitReady(h, page);
  const tabId = await h.tabIdOf(page);
  const panel = await h.panel(tabId);
  // A person looks at the console while deskhand works in it (background tabs throttle timers).
  await page.bringToFront();
  return {
    page,
    tabId,
    panel,
    iso: await isolatedWorld(page),
    async close() {
      await panel.close();
      await page.close();
    },
  };
}

const paragraphs = (page: Page) => page.evaluate(() => window.__fixtureEditor!.paragraphs());
const isEmpty = (ps: string[]) => ps.every((p) => p === '');
const draft = (o: Opened, text: string) => h.invoke(o.panel, o.tabId, 'reply.draft', { text }, 'ui');

function expectOk(r: ToolResult): void {
  expect(r.status, JSON.stringify(r)).toBe('done');
}

/** A person's click on Send, wherever the reply form is (the page, a shadow root, an iframe). */
async function clickSend(page: Page): Promise<void> {
  const inFrame = page.frames().find((f) => f !== page.mainFrame());
  const button = (await page.$('pierce/#send')) ?? (await inFrame?.$('#send'));
  if (!button) throw new Error('no Send button');
  await button.click();
}

/** The paragraphs of what the page's own Send posted: its form field (HTML for rich editors) or its JSON. */
async function posted(page: Page, name: PageName, entry: SentEntry): Promise<string[]> {
  if (PAGES[name].post === 'fetch') return entry.body.paragraphs as string[];
  const field = String(entry.body.body ?? entry.body.response ?? '');
  // Browsers post a textarea's line breaks as CRLF.
  if (EXPECT[name].kind === 'textarea') return field.replace(/\r\n/g, '\n').split(/\n{2,}/);
  return page.evaluate((html) => window.__fixtureEditor!.parse(html), field);
}

describe.each(EDITOR_PAGES)('%s', (name) => {
  const want = EXPECT[name];

  // One page per editor for both tests: detection only reads, so it runs first, on the page as
  // it loaded; the draft test then writes, redrafts, clears and posts on that same page.
  let o: Opened;
  beforeAll(async () => {
    o = await open(name);
  });
  afterAll(async () => o?.close());

  it('is detected from its editable, its mount (source field or wrapper), something inside it and its iframe, and found as the composer', async () => {
    const d = await o.iso<{ kinds: (string | null)[]; same: boolean; source: boolean; frame: boolean }>(`(() => {
      const t = __dh.detectEditor(__mount());
      const inner = t.editable.firstElementChild ?? t.editable;
      const all = [t, __dh.detectEditor(t.editable), __dh.detectEditor(inner), t.frame ? __dh.detectEditor(t.frame) : t];
      return { kinds: all.map((x) => x && x.kind), same: all.every((x) => x && x.editable === t.editable), source: !!t.source, frame: !!t.frame };
    })()`);
    expect(d).toEqual({ kinds: [want.kind, want.kind, want.kind, want.kind], same: true, source: want.source, frame: want.frame });

    const c = await o.iso<{ ok: boolean; kind?: string; same?: boolean; send?: string; why?: string[]; tried?: string[] }>(`(() => {
      const r = __dh.findComposer();
      if (!r.ok) return r;
      return { ok: true, kind: r.target.kind, same: r.target.editable === __dh.detectEditor(__mount()).editable, send: r.sendButton && r.sendButton.id, why: r.why };
    })()`);
    expect(c, JSON.stringify(c)).toMatchObject({ ok: true, kind: want.kind, same: true, send: 'send' });

    const n = await o.iso<{ ok: boolean; name?: string | null }>(`(() => { const r = __dh.findNoteBox(); return r.ok ? { ok: true, name: r.target.editable.getAttribute('name') } : r; })()`);
    expect(n).toEqual({ ok: true, name: 'note' });
  });

  it('reply.draft fills the editor model (zh, two paragraphs), redrafting replaces, clearing empties, and the page posts exactly the draft', async () => {
    expectOk(await draft(o, TEXT));
    expect(await paragraphs(o.page), 'after the first draft').toEqual([FIRST, SECOND]);

    expectOk(await draft(o, REDRAFT));
    expect(await paragraphs(o.page), 'after drafting again').toEqual(redraftParagraphs(want.soft));

    const cleared = await o.iso<{ ok: boolean }>(`__dh.clearEditor(__dh.detectEditor(__mount()))`);
    expect(cleared.ok).toBe(true);
    expect(isEmpty(await paragraphs(o.page)), 'after clearing').toBe(true);

    expectOk(await draft(o, TEXT));
    fx.reset();
    if (PAGES[name].post === 'form') {
      // A native form post reloads the page; its hook then parses the posted HTML the way it reads the editor.
      await Promise.all([o.page.waitForNavigation({ waitUntil: 'load' }), o.page.click('#send')]);
      await o.page.waitForFunction(() => window.__fixtureEditor?.ready === true, { timeout: 15_000 });
    } else {
      await clickSend(o.page);
    }
    const log = await until(async () => fx.log(), (l) => l.length > 0, 10_000);
    expect(log.map((e) => e.page)).toEqual([`send/${name}`]);
    expect(await posted(o.page, name, log[0]!), 'what Send posted').toEqual([FIRST, SECOND]);
  });
});

describe('reply and internal note behind tabs (osTicket layout, English)', () => {
  it('finds the reply composer, opens the note tab to find the note box, and never takes the note box for the composer', async () => {
    const o = await open('tabs');
    try {
      const before = await o.iso<{ composer: string | null; note: boolean; activate: string | null }>(`(() => {
        const c = __dh.findComposer(); const n = __dh.findNoteBox();
        return { composer: c.ok ? c.target.editable.getAttribute('name') : null, note: n.ok, activate: !n.ok && n.activate ? n.activate.id : null };
      })()`);
      expect(before).toEqual({ composer: 'response', note: false, activate: 'tab-note' });

      const opened = await o.iso<{ ok: boolean; id?: string; send?: string }>(`__dh.activateNoteTab(document.getElementById('tab-note')).then((r) => r.ok ? { ok: true, id: r.target.editable.id, send: r.sendButton && r.sendButton.id } : r)`);
      expect(opened).toEqual({ ok: true, id: 'note', send: 'post-note' });

      const after = await o.iso<{ ok: boolean; tried?: string[] }>(`__dh.findComposer()`);
      expect(after.ok).toBe(false);
      expect(after.tried?.join(' ')).toMatch(/textarea#note .*says note/);

      const r = await draft(o, TEXT);
      expect(r.status, 'reply.draft must not write into the note box').not.toBe('done');
      expect(await o.page.$eval('#note', (el) => (el as HTMLTextAreaElement).value)).toBe('');
    } finally {
      await o.close();
    }
  });
});
