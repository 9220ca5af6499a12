/**
 * Views that load on first use (issue 22 item 4): the side panel is opened most often for a
 * confirmation card, so index.html carries the cards and the panel frame only; the chat (with
 * its markdown renderer, the openai client and llm/), Activity and "This console" are chunks
 * fetched with dynamic `import()` when their view is first shown. Vite splits them; they are
 * files of the extension itself, which an extension page's CSP ('self') lets it load.
 *
 * Until a chunk is in, the view shows a short loading line; a chunk that cannot load (the
 * extension was updated under an open panel, a broken build) shows the error and a reload
 * button, never an empty panel.
 */
import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../ui/i18n.ts';

type Loaded<P> = { component: ComponentType<P> } | { error: string };

/**
 * A component that renders `load()`'s component once it is in. The import starts on first
 * render (or on `preload()`), once per panel; every later render reuses the loaded module.
 */
export function lazyView<P extends object>(name: string, load: () => Promise<ComponentType<P>>) {
  let pending: Promise<Loaded<P>> | null = null;
  let done: Loaded<P> | null = null;
  const start = () =>
    (pending ??= load().then(
      (component) => (done = { component }),
      (e: unknown) => (done = { error: e instanceof Error ? e.message : String(e) }),
    ));
  function View(props: P): JSX.Element {
    const [loaded, setLoaded] = useState<Loaded<P> | null>(done);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      void start().then((l) => live && setLoaded(l));
      return () => void (live = false);
    }, [loaded]);
    if (!loaded) {
      return (
        <p class="view-loading" data-view={name} aria-busy="true">
          {t('viewLoading')}
        </p>
      );
    }
    if ('error' in loaded) {
      return (
        <div class="error view-failed" role="alert" data-view={name}>
          <p>{t('viewLoadFailed', loaded.error)}</p>
          <button name="reload-panel" onClick={() => location.reload()}>
            {t('viewReload')}
          </button>
        </div>
      );
    }
    const Component = loaded.component;
    return <Component {...props} />;
  }
  View.displayName = `lazy(${name})`;
  return View;
}
