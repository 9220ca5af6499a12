/**
 * Quick ticket's announcement before it submits (issue 23): what will be submitted, a visible
 * countdown, and two ways to stop it — Esc anywhere in the page, or the Stop button. In a
 * closed shadow root like the toast (toast.ts), so page scripts can neither read nor restyle it.
 *
 * Its one button only stops; nothing here confirms anything (confirmations happen only in the
 * side panel). Esc counts only as a trusted key press (keymap.ts `listenTrustedKeys`, heard
 * before the console's own handlers, which never see it), the button only for a trusted click:
 * a page script can neither stop the flow for the agent nor hide the announcement.
 */
import { listenTrustedKeys } from './keymap.ts';
import { closedBox, hideToast } from './toast.ts';

export interface CountdownWords {
  /** What will be submitted and that Esc stops it. */
  text: string;
  /** The visible countdown, from the seconds left ("Submitting in 3 s"). */
  left: (seconds: number) => string;
  /** The Stop button. */
  stop: string;
}

export type CountdownEnd = 'go' | 'stopped';

const BOX_CSS =
  'position:fixed;left:50%;bottom:24px;transform:translateX(-50%);z-index:2147483647;max-width:560px;min-width:320px;' +
  'padding:12px 16px 10px;border-radius:8px;color:#fff;background:#1e3a5f;font:14px/1.4 system-ui,"Noto Sans CJK SC",sans-serif;' +
  'box-shadow:0 6px 24px rgba(0,0,0,.3);pointer-events:auto;';

/**
 * Shows the announcement for `seconds` and resolves 'go' when they have passed, 'stopped' at a
 * trusted Esc or Stop click, or when `signal` aborts (the panel's Stop, the page going).
 */
export function countdown(words: CountdownWords, seconds: number, signal?: AbortSignal): Promise<CountdownEnd> {
  hideToast();
  const { host, box } = closedBox('deskhand-countdown', 'group', BOX_CSS);
  box.setAttribute('aria-label', 'deskhand');
  const text = line(box, 'status', 'margin:0 0 8px;');
  text.setAttribute('aria-live', 'assertive');
  text.textContent = `deskhand · ${words.text}`;
  const row = line(box, null, 'display:flex;align-items:center;gap:12px;');
  const left = document.createElement('span');
  left.style.cssText = 'flex:1;font-weight:600;font-variant-numeric:tabular-nums;';
  left.dataset.part = 'left';
  const stop = document.createElement('button');
  stop.type = 'button';
  stop.textContent = words.stop;
  stop.style.cssText = 'font:inherit;padding:3px 14px;border:0;border-radius:6px;background:#fff;color:#1e3a5f;font-weight:600;cursor:pointer;';
  row.append(left, stop);
  // The time left as a bar that empties, beside the number.
  const bar = line(box, null, 'height:3px;margin-top:8px;background:rgba(255,255,255,.85);border-radius:2px;transform-origin:left;');
  bar.style.transition = `transform ${seconds}s linear`;

  return new Promise<CountdownEnd>((resolve) => {
    let remaining = seconds;
    const show = () => (left.textContent = words.left(remaining));
    show();
    requestAnimationFrame(() => requestAnimationFrame(() => (bar.style.transform = 'scaleX(0)')));
    const tick = setInterval(() => {
      remaining = Math.max(0, remaining - 1);
      show();
    }, 1_000);
    const done = setTimeout(() => end('go'), seconds * 1_000);
    const offKeys = listenTrustedKeys((e) => {
      if (e.key !== 'Escape') return;
      // The console's own Esc (closing its ticket dialog, say) must not also happen.
      e.preventDefault();
      e.stopPropagation();
      end('stopped');
    });
    const onClick = (e: MouseEvent) => e.isTrusted && end('stopped');
    stop.addEventListener('click', onClick);
    const onAbort = () => end('stopped');
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) end('stopped');
    function end(how: CountdownEnd) {
      clearInterval(tick);
      clearTimeout(done);
      offKeys();
      signal?.removeEventListener('abort', onAbort);
      host.remove();
      resolve(how);
    }
  });
}

function line(parent: HTMLElement, role: string | null, css: string): HTMLElement {
  const el = document.createElement('div');
  if (role) el.setAttribute('role', role);
  el.style.cssText = css;
  parent.append(el);
  return el;
}
