// @vitest-environment happy-dom
/**
 * findButtonNear (src/dom/controls/button.ts): looking outward from a form or a panel, another
 * form's button is never taken for this one's, while a form inside the panel given is ours
 * (a refund panel whose form sits one level down, an iframe's body).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findButtonNear } from '../../src/dom/controls/button.ts';

// happy-dom lays nothing out: every element gets a box, as it would on a screen.
beforeAll(() => {
  Element.prototype.getBoundingClientRect = () => ({ x: 10, y: 10, left: 10, top: 10, right: 110, bottom: 30, width: 100, height: 20, toJSON: () => ({}) }) as DOMRect;
  if (!('checkVisibility' in Element.prototype)) Object.assign(Element.prototype, { checkVisibility: () => true });
});

const WORDS = ['submit refund request', 'submit refund', '提交退款申请'];
afterEach(() => (document.body.innerHTML = ''));

describe('findButtonNear', () => {
  it('takes the submit of a form inside the panel it starts from', () => {
    document.body.innerHTML = `<section id="p"><h4>Refund</h4><form id="f"><input name="a"><button id="b" type="submit">Submit refund request</button></form></section>`;
    const hit = findButtonNear(document.getElementById('p')!, WORDS);
    expect(hit?.el.id).toBe('b');
  });

  it("never takes another form's button found on the way up", () => {
    document.body.innerHTML = `<div><form id="mine"><input name="a"></form><form id="other"><button id="x" type="submit">Submit refund</button></form></div>`;
    expect(findButtonNear(document.getElementById('mine')!, WORDS)).toBeNull();
  });

  it('takes a button outside any form next to its form (a dialog footer)', () => {
    document.body.innerHTML = `<div role="dialog"><form id="mine"><input name="a"></form><footer><button id="ok">提交退款申请</button></footer></div>`;
    expect(findButtonNear(document.getElementById('mine')!, WORDS)?.el.id).toBe('ok');
  });
});
