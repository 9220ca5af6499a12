/**
 * The in-page toast: says what a hotkey did ("已填写 3 个字段，未找到：邮箱"). Text only,
 * in a closed shadow root so page scripts cannot read or restyle it, and never a button:
 * confirmations happen only in the side panel. (Quick ticket's countdown before its submit,
 * countdown.ts, has one button, Stop, which can only stop.)
 */

let host: HTMLElement | null = null;
let box: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

/** A host element with a closed shadow root holding one styled text box. */
export function closedBox(tag: string, role: string, css: string): { host: HTMLElement; box: HTMLElement } {
  const host = document.createElement(tag);
  const root = host.attachShadow({ mode: 'closed' });
  const box = document.createElement('div');
  box.setAttribute('role', role);
  box.style.cssText = css;
  root.append(box);
  document.documentElement.append(host);
  return { host, box };
}

export type ToastTone = 'ok' | 'warn' | 'error' | 'info';

const COLORS: Record<ToastTone, string> = { ok: '#0f7b3f', warn: '#9a6700', error: '#b42318', info: '#1e3a5f' };

export function toast(text: string, tone: ToastTone = 'info', ms = 4_000): void {
  if (!host || !host.isConnected) {
    ({ host, box } = closedBox(
      'deskhand-toast',
      'status',
      'position:fixed;left:50%;bottom:24px;transform:translateX(-50%);z-index:2147483647;max-width:560px;' +
        'padding:10px 16px;border-radius:8px;color:#fff;font:14px/1.4 system-ui,"Noto Sans CJK SC",sans-serif;' +
        'box-shadow:0 6px 24px rgba(0,0,0,.25);pointer-events:none;transition:opacity .2s;',
    ));
    box.setAttribute('aria-live', 'polite');
  }
  box!.textContent = `deskhand · ${text}`;
  box!.style.background = COLORS[tone];
  box!.style.opacity = '1';
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (box) box.style.opacity = '0';
  }, ms);
}

/** Hides the toast now (the countdown takes its place). */
export function hideToast(): void {
  clearTimeout(timer);
  if (box) box.style.opacity = '0';
}

let noticeHost: HTMLElement | null = null;
let noticeBox: HTMLElement | null = null;

/**
 * A small persistent notice (closed shadow root, no buttons), shown while the developer
 * bridge may run low-risk writes for real on this console.
 */
export function setNotice(text: string | null): void {
  if (!text) {
    noticeHost?.remove();
    noticeHost = noticeBox = null;
    return;
  }
  if (!noticeHost || !noticeHost.isConnected) {
    ({ host: noticeHost, box: noticeBox } = closedBox(
      'deskhand-notice',
      'note',
      'position:fixed;right:12px;top:12px;z-index:2147483647;padding:4px 10px;border-radius:6px;background:#9a6700;' +
        'color:#fff;font:12px/1.4 system-ui,"Noto Sans CJK SC",sans-serif;pointer-events:none;opacity:.92;',
    ));
  }
  noticeBox!.textContent = text;
}
