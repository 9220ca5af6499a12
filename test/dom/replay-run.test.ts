// @vitest-environment happy-dom
/**
 * runSteps (src/dom/replay/run.ts): a recipe's click that should show the next step's target
 * (a menu) and did not — its page script was still binding, or the toggle swallowed the first
 * press — is pressed once more, as a person would; a target that never shows still stops the run.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runSteps } from '../../src/dom/replay/run.ts';
import type { Step } from '../../src/dom/replay/steps.ts';

beforeAll(() => {
  Element.prototype.getBoundingClientRect = () => ({ x: 10, y: 10, left: 10, top: 10, right: 110, bottom: 30, width: 100, height: 20, toJSON: () => ({}) }) as DOMRect;
});
afterEach(() => (document.body.innerHTML = ''));

const STEPS = [
  { type: 'click', selectors: [['#toggle']] },
  { type: 'click', selectors: [['aria/Ada Admin']] },
] as unknown as Step[];

function menu(opensOnPress: number): { presses: () => number } {
  document.body.innerHTML = `<button id="toggle">Assignee</button><ul id="menu" style="display:none"><li><a href="#" id="ada">Ada Admin</a></li></ul>`;
  let n = 0;
  document.getElementById('toggle')!.addEventListener('click', () => {
    n += 1;
    if (n >= opensOnPress) document.getElementById('menu')!.style.display = 'block';
  });
  return { presses: () => n };
}

describe('runSteps', () => {
  it('presses the opener once more when what it should show is not there, then goes on', async () => {
    const m = menu(2);
    const r = await runSteps(STEPS, 0, 2, { params: {}, signal: new AbortController().signal, stepMs: 300 });
    expect(r.end.kind).toBe('done');
    expect(m.presses()).toBe(2);
    expect(r.elements.get(1)?.id).toBe('ada');
  });

  it('presses it once, not again and again: a menu that never opens stops the run at that step', async () => {
    const m = menu(99);
    const r = await runSteps(STEPS, 0, 2, { params: {}, signal: new AbortController().signal, stepMs: 300 });
    expect(r.end).toMatchObject({ kind: 'not_found', at: 1 });
    expect(m.presses()).toBe(2);
  });
});
