/**
 * Recipes as data: the Recorder schema subset, the job's parameters, and the conversion of
 * DevTools Recorder files (hand-made here the way Recorder exports them) into recipes and
 * back. The export is checked by the real `@puppeteer/replay` parser, the library DevTools
 * Recorder's format is defined by.
 */
import { parse } from '@puppeteer/replay';
import { describe, expect, it } from 'vitest';
import { commitIndex, fill, paramsIn } from '../../src/dom/replay/steps.ts';
import { parseRecipe } from '../../src/profiles/recipe.ts';
import { exportRecording, importRecording } from '../../src/profiles/recorder.ts';
import { parseProfile } from '../../src/profiles/schema.ts';

const ORIGIN = 'http://127.0.0.3:8096';

/** A reply on a FreeScout-like console as DevTools Recorder exports it (Recorder 2024+ shape). */
const REPLY_EXPORT = {
  title: 'Reply to Maria',
  steps: [
    { type: 'setViewport', width: 1280, height: 900, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
    { type: 'navigate', url: `${ORIGIN}/conversation/1?folder_id=1`, assertedEvents: [{ type: 'navigation', url: `${ORIGIN}/conversation/1?folder_id=1`, title: '#1 Where is my order' }] },
    { type: 'click', target: 'main', selectors: [['aria/Reply'], ['#conv-toolbar > ul > li:nth-of-type(1) > a'], ['xpath///*[@id="conv-toolbar"]/ul/li[1]/a'], ['pierce/#conv-toolbar > ul > li:nth-of-type(1) > a']], offsetX: 10, offsetY: 12 },
    { type: 'click', target: 'main', selectors: [['div.note-editable']], offsetX: 100, offsetY: 20 },
    { type: 'change', target: 'main', selectors: [['div.note-editable'], ['xpath///*[@id="conv-layout-main"]/div[1]/form/div[2]/div[3]/div[2]']], value: 'Thanks Maria, it ships today.' },
    { type: 'click', target: 'main', selectors: [['aria/Send Reply'], ['button.btn-reply-submit'], ['text/Send Reply']], offsetX: 30, offsetY: 10, assertedEvents: [{ type: 'navigation', url: `${ORIGIN}/conversation/3?folder_id=1`, title: '' }] },
  ],
};

const ASSIGN_EXPORT = {
  title: 'Assign to Kim',
  steps: [
    { type: 'click', selectors: [['aria/Assignee: Anyone'], ['#conv-assignee > a']], offsetX: 5, offsetY: 5 },
    { type: 'click', selectors: [['aria/Kim Lee'], ['#conv-assignee li:nth-of-type(3) > a'], ['xpath///*[@id="conv-assignee"]/ul/li[3]/a'], ['text/Kim Lee']], offsetX: 5, offsetY: 5 },
  ],
};

describe('recipes', () => {
  it('a parameter is a {name} in a value or a name selector; fill refuses a missing one', () => {
    expect(paramsIn('Dear {name}, {text}')).toEqual(['name', 'text']);
    expect(fill('aria/{assignee}[role="menuitem"]', { assignee: 'Kim Lee' })).toBe('aria/Kim Lee[role="menuitem"]');
    expect(fill('{text}', {})).toBeNull();
  });

  it('the commit is the last acting step; trailing waits are assertions after it', () => {
    expect(commitIndex({ steps: [{ type: 'click', selectors: ['a'], offsetX: 0, offsetY: 0 }, { type: 'change', selectors: ['b'], value: 'x' }, { type: 'waitForElement', selectors: ['c'] }] })).toBe(1);
  });

  it('refuses page code, a job it does not have, a parameter in CSS and a recipe with no commit', () => {
    const wait = parseRecipe({ title: 't', steps: [{ type: 'waitForExpression', expression: 'fetch("/x")' }, { type: 'click', selectors: ['a'], offsetX: 0, offsetY: 0 }] }, 'reply');
    expect(wait.ok).toBe(false);
    const css = parseRecipe({ title: 't', steps: [{ type: 'click', selectors: ['a[title="{assignee}"]'], offsetX: 0, offsetY: 0 }] }, 'assign');
    expect(css.ok ? [] : css.problems.map((p) => p.code)).toContain('hint_recipeParam');
    const other = parseRecipe({ title: 't', steps: [{ type: 'change', selectors: ['textarea'], value: '{queue}' }, { type: 'click', selectors: ['button'], offsetX: 0, offsetY: 0 }] }, 'reply');
    expect(other.ok ? [] : other.problems.map((p) => p.code)).toContain('hint_recipeParam');
    const none = parseRecipe({ title: 't', steps: [{ type: 'waitForElement', selectors: ['a'] }] }, 'note');
    expect(none.ok ? [] : none.problems.map((p) => p.code)).toContain('hint_recipeCommit');
  });

  it('a profile carries recipes; a stored navigation is a path on the console, never an address', () => {
    const flow = { title: 'Reply', steps: [{ type: 'change', selectors: ['textarea'], value: '{text}' }, { type: 'click', selectors: ['aria/Send'], offsetX: 1, offsetY: 1 }] };
    const base = { id: 'taught-x', name: 'x', version: 1, match: { origins: [ORIGIN] } };
    expect(parseProfile({ ...base, recipes: { reply: flow } }).ok).toBe(true);
    const away = { ...flow, steps: [{ type: 'navigate', url: 'https://evil.example/' }, ...flow.steps] };
    expect(parseProfile({ ...base, recipes: { reply: away } }).ok).toBe(false);
    expect(parseProfile({ ...base, recipes: { refundEverything: flow } }).ok).toBe(false);
  });
});

describe('DevTools Recorder files', () => {
  it('a reply export imports: the page it was recorded on is dropped, this console’s URLs become paths, the typed text becomes {text}', () => {
    const r = importRecording(JSON.stringify(REPLY_EXPORT), 'reply', ORIGIN);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const change = r.flow.steps.find((s) => s.type === 'change');
    expect(change && 'value' in change && change.value).toBe('{text}');
    expect(r.flow.steps.map((s) => s.type)).toEqual(['click', 'click', 'change', 'click']);
    expect(r.flow.steps[3]).toMatchObject({ assertedEvents: [{ type: 'navigation', url: '/conversation/3?folder_id=1' }] });
    expect(JSON.stringify(r.flow)).not.toContain('Thanks Maria');
    expect(JSON.stringify(r.flow)).not.toContain(ORIGIN);
  });

  it('an assign export imports: the person chosen becomes {assignee}, and selectors that pin the recorded row are dropped', () => {
    const r = importRecording(JSON.stringify(ASSIGN_EXPORT), 'assign', ORIGIN);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const commit = r.flow.steps[r.flow.steps.length - 1]!;
    expect('selectors' in commit && commit.selectors).toEqual(['aria/{assignee}', 'text/{assignee}']);
    // The opener keeps every alternative: it is the same button whoever is chosen.
    expect('selectors' in r.flow.steps[0]! && r.flow.steps[0].selectors).toHaveLength(2);
  });

  it('typing recorded key by key (a contenteditable editor) becomes one {text} step on the element clicked before it', () => {
    const keys = [...'Hi!'].flatMap((k) => [{ type: 'keyDown', key: k }, { type: 'keyUp', key: k }]);
    const rec = { title: 'Note', steps: [{ type: 'click', selectors: [['aria/Note']], offsetX: 1, offsetY: 1 }, { type: 'click', selectors: [['div.note-editable']], offsetX: 1, offsetY: 1 }, ...keys, { type: 'click', selectors: [['aria/Add Note']], offsetX: 1, offsetY: 1 }] };
    const r = importRecording(JSON.stringify(rec), 'note', ORIGIN);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.flow.steps).toMatchObject([{ type: 'click' }, { type: 'click' }, { type: 'change', selectors: [['div.note-editable']], value: '{text}' }, { type: 'click', selectors: [['aria/Add Note']] }]);
  });

  it('refuses a recording that leads to another site, that is not JSON, or whose choice has no name', () => {
    const away = { ...REPLY_EXPORT, steps: [...REPLY_EXPORT.steps.slice(2, 4), { type: 'navigate', url: 'https://elsewhere.example/x' }, ...REPLY_EXPORT.steps.slice(4)] };
    expect(importRecording(JSON.stringify(away), 'reply', ORIGIN).ok).toBe(false);
    expect(importRecording('{not json', 'reply', ORIGIN)).toMatchObject({ ok: false, problems: [{ code: 'not_json' }] });
    const unnamed = { title: 'x', steps: [{ type: 'click', selectors: [['#conv-assignee li:nth-of-type(3) > a']], offsetX: 1, offsetY: 1 }] };
    expect(importRecording(JSON.stringify(unnamed), 'assign', ORIGIN).ok).toBe(false);
  });

  it('an exported recipe is a user flow @puppeteer/replay parses, with absolute URLs, and it imports back unchanged', () => {
    const r = importRecording(JSON.stringify(REPLY_EXPORT), 'reply', ORIGIN);
    if (!r.ok) throw new Error('import failed');
    const text = exportRecording(r.flow, ORIGIN);
    const flow = parse(JSON.parse(text));
    expect(flow.steps).toHaveLength(4);
    expect(flow.steps[3]).toMatchObject({ type: 'click', assertedEvents: [{ type: 'navigation', url: `${ORIGIN}/conversation/3?folder_id=1` }] });
    const again = importRecording(text, 'reply', ORIGIN);
    expect(again.ok && again.flow).toEqual(r.flow);
  });
});
