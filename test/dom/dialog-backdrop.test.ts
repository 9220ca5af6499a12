// @vitest-environment happy-dom
/**
 * pressForDialog (src/dom/dialog.ts): the dialog a press opens is the new one with controls,
 * not the backdrop shown with it. Bootstrap appends `.modal-backdrop` to <body> beside the
 * modal (FreeScout's Move builds its modal by script, after the backdrop): it matches "modal"
 * too and holds nothing a person can use.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pressForDialog } from '../../src/dom/dialog.ts';

beforeAll(() => {
  Element.prototype.getBoundingClientRect = () => ({ x: 10, y: 10, left: 10, top: 10, right: 110, bottom: 30, width: 100, height: 20, toJSON: () => ({}) }) as DOMRect;
});
afterEach(() => (document.body.innerHTML = ''));

const SPEC = { name: 'transfer dialog', open: { words: ['move'] }, submit: { words: ['move'] }, openMs: 500 };

describe('pressForDialog', () => {
  it('takes the modal with the form, not the backdrop that came first', async () => {
    document.body.innerHTML = `<button id="move">Move</button>`;
    document.getElementById('move')!.addEventListener('click', () => {
      document.body.insertAdjacentHTML('beforeend', `<div class="modal-backdrop fade in"></div>`);
      document.body.insertAdjacentHTML('beforeend', `<div class="modal fade in" role="dialog" id="m"><div class="modal-dialog"><label>Select Mailbox <select name="mailbox"><option>Sales</option></select></label><button>Move</button></div></div>`);
    });
    const d = await pressForDialog(document.getElementById('move')!, 'move', SPEC);
    expect('box' in d && d.box.id).toBe('m');
  });

  it('a backdrop alone is no dialog', async () => {
    document.body.innerHTML = `<button id="move">Move</button>`;
    document.getElementById('move')!.addEventListener('click', () => document.body.insertAdjacentHTML('beforeend', `<div class="modal-backdrop fade in"></div>`));
    const d = await pressForDialog(document.getElementById('move')!, 'move', SPEC);
    expect(d).toMatchObject({ stage: 'open' });
  });
});
