// @vitest-environment happy-dom
/**
 * A finished chat answer is said once (issue 23 item 9): the polite live region stays empty
 * while an answer streams and for the history loaded with the panel, and holds the answer's
 * words, without markdown marks, once the question asked here is answered.
 */
import { h, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnswerAnnouncer, spokenAnswer } from '../../src/sidepanel/announce.tsx';
import type { StoredTurn } from '../../src/sidepanel/chat-store.ts';
import { installI18n } from '../i18n/chrome-i18n.ts';

let root: HTMLElement;
beforeEach(() => {
  installI18n('en');
  root = document.body.appendChild(document.createElement('div'));
});
afterEach(() => render(null, root));

const turn = (id: string, answer: string): StoredTurn => ({ id, question: 'q', answer, chips: [], rounds: 1, stopped: 'answered', at: 0 });
const region = () => root.querySelector('[aria-live="polite"]')!;

describe('the chat answer announcer', () => {
  it('is silent for the loaded history and while streaming; says the finished answer once it is in', () => {
    const old = turn('old', 'an earlier answer');
    render(h(AnswerAnnouncer, { turns: [old], running: null }), root);
    expect(region().textContent).toBe('');
    render(h(AnswerAnnouncer, { turns: [old], running: 'new' }), root);
    expect(region().textContent).toBe('');
    render(h(AnswerAnnouncer, { turns: [old, turn('new', 'Order **T-9001** was [refunded](https://x.test/r).')], running: null }), root);
    expect(region().textContent).toBe('Answer: Order T-9001 was refunded.');
    // The next question: quiet again until its answer is in.
    render(h(AnswerAnnouncer, { turns: [old, turn('new', 'x')], running: 'next' }), root);
    expect(region().textContent).toBe('');
  });

  it('speaks the panel’s language', () => {
    installI18n('zh_CN');
    render(h(AnswerAnnouncer, { turns: [], running: 'a' }), root);
    render(h(AnswerAnnouncer, { turns: [turn('a', '已为您**退款**。')], running: null }), root);
    expect(region().textContent).toBe('回答：已为您退款。');
  });

  it('hears lists and code without their marks', () => {
    expect(spokenAnswer('Steps:\n- open `Refunds`\n- press **Send**')).toBe('Steps:\nopen Refunds\npress Send');
  });
});
