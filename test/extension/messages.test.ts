import { describe, expect, it } from 'vitest';
import { classifySender, ToBackground, ToContent } from '../../src/messages/index.ts';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}/`;

describe('senders are classified from what the browser stamps', () => {
  it('a console tab is a content script with its tab and origin', () => {
    const s = classifySender({ id: ID, url: 'http://127.0.0.1:5317/?c=1', origin: 'http://127.0.0.1:5317', tab: { id: 7 } as chrome.tabs.Tab, frameId: 0 }, ID, ORIGIN);
    expect(s).toEqual({ kind: 'content', tabId: 7, frameId: 0, origin: 'http://127.0.0.1:5317', url: 'http://127.0.0.1:5317/?c=1' });
  });
  it('the side panel is recognised by its page, even when opened in a tab', () => {
    expect(classifySender({ id: ID, url: `${ORIGIN}src/sidepanel/index.html?tabId=3`, tab: { id: 9 } as chrome.tabs.Tab }, ID, ORIGIN)).toEqual({ kind: 'sidepanel' });
  });
  it('another extension, or a page claiming to be the panel in its message, is unknown', () => {
    expect(classifySender({ id: 'other', url: `${ORIGIN}src/sidepanel/index.html` }, ID, ORIGIN)).toEqual({ kind: 'unknown' });
    expect(classifySender({ id: ID, url: `${ORIGIN}src/evil.html`, tab: { id: 1 } as chrome.tabs.Tab }, ID, ORIGIN)).toEqual({ kind: 'unknown' });
  });
  it('the service worker has an extension URL and no tab', () => {
    expect(classifySender({ id: ID, url: `${ORIGIN}service-worker-loader.js` }, ID, ORIGIN)).toEqual({ kind: 'background' });
  });
});

describe('messages are validated on receipt', () => {
  it('refuses unknown types, extra keys and bad ids', () => {
    expect(ToBackground.safeParse({ type: 'confirm.approve', actionId: 'x', fingerprint: 'y' }).success).toBe(false);
    expect(ToBackground.safeParse({ type: 'confirm.list', tabId: 1, caller: 'ui' }).success).toBe(false);
    expect(ToBackground.safeParse({ type: 'deliver.now' }).success).toBe(false);
    expect(ToContent.safeParse({ type: 'tools.invoke', caller: 'bridge', name: 'x', input: {}, toolCallId: 'a', sessionId: 'b', model: 'c' }).success).toBe(false);
  });
  it('accepts the typed commands', () => {
    expect(ToBackground.safeParse({ type: 'confirm.approve', actionId: crypto.randomUUID(), fingerprint: 'a'.repeat(64) }).success).toBe(true);
    expect(ToContent.safeParse({ type: 'page.info' }).success).toBe(true);
    expect(ToBackground.safeParse({ type: 'panel.open' }).success).toBe(true);
  });
});
