// @vitest-environment happy-dom
/**
 * Side-panel views that load on first use (issue 22 item 4): a view not yet loaded says so,
 * a loaded one renders with its props, and a chunk that fails to load shows the error and a
 * way out, never an empty panel.
 */
import { h, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyView } from '../../src/sidepanel/lazy.tsx';

let root: HTMLElement;

beforeEach(() => {
  vi.stubGlobal('chrome', { i18n: { getMessage: (key: string, subs: string[] = []) => [key, ...subs].join(':') } });
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
  vi.unstubAllGlobals();
});

describe('lazily loaded side-panel views', () => {
  it('shows a localised loading line until the chunk is in, then the view with its props', async () => {
    let resolve: ((c: (p: { who: string }) => preact.JSX.Element) => void) | undefined;
    const View = lazyView<{ who: string }>('chat', () => new Promise((r) => (resolve = r)));
    render(h(View, { who: 'agent' }), root);
    expect(root.querySelector('.view-loading[data-view="chat"]')?.textContent).toBe('viewLoading');
    // The import starts after the first paint (an effect), so what is eager renders first.
    await vi.waitFor(() => expect(resolve).toBeTypeOf('function'));
    expect(root.querySelector('.view-loading[data-view="chat"]')).not.toBeNull();
    resolve!(({ who }) => h('p', { class: 'chat' }, `hello ${who}`));
    await vi.waitFor(() => expect(root.querySelector('p.chat')?.textContent).toBe('hello agent'));
    expect(root.querySelector('.view-loading')).toBeNull();
  });

  it('imports a view once and renders it at once when it is shown again', async () => {
    const load = vi.fn(async () => () => h('p', { class: 'activity' }, 'log'));
    const View = lazyView('activity', load);
    render(h(View, {}), root);
    await vi.waitFor(() => expect(root.querySelector('p.activity')).not.toBeNull());
    render(null, root);
    render(h(View, {}), root);
    expect(root.querySelector('p.activity')).not.toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a chunk that fails to load shows the error and a reload button, not a blank view', async () => {
    const View = lazyView('console', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(h(View, {}), root);
    await vi.waitFor(() => expect(root.querySelector('.view-failed')).not.toBeNull());
    const failed = root.querySelector('.view-failed[role="alert"][data-view="console"]');
    expect(failed?.textContent).toContain('viewLoadFailed:Failed to fetch dynamically imported module');
    expect(failed?.querySelector('button[name="reload-panel"]')?.textContent).toBe('viewReload');
  });
});
