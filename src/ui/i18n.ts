/**
 * UI strings through chrome.i18n (_locales/zh_CN and en). One language at a time: the
 * browser's UI language picks the locale; nothing here mixes the two.
 * test/extension/i18n.test.ts checks every key used here and in the UI exists in both locales.
 */
export function t(key: string, ...subs: (string | number)[]): string {
  const text = chrome.i18n.getMessage(key, subs.map(String));
  return text || key;
}

/** The agent's language for page-facing text (field names, drafts). */
export function uiLang(): 'zh' | 'en' {
  return chrome.i18n.getUILanguage().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** The BCP 47 locale for Intl formatting, matching the locale chrome.i18n chose. */
export function uiLocale(): string {
  return uiLang() === 'zh' ? 'zh-CN' : 'en';
}

/** The browser's own UI locale for Intl (dates, money: "en-GB" keeps its date order), else uiLocale(). */
export function intlLocale(): string {
  return chrome.i18n.getUILanguage() || uiLocale();
}

/**
 * Messages without substitutions, as chrome.i18n gave them: the locale is fixed while the
 * extension runs, and each getMessage from a content script is a call into the browser (a
 * tool list asks for two per tool).
 */
const plain = new Map<string, string>();

/** A message, or the fallback when the locale has none (chrome.i18n returns ""). */
export function tOr(key: string, fallback: string, ...subs: (string | number)[]): string {
  if (subs.length) return chrome.i18n.getMessage(key, subs.map(String)) || fallback;
  let text = plain.get(key);
  if (text === undefined) plain.set(key, (text = chrome.i18n.getMessage(key)));
  return text || fallback;
}

/** `reply.send` -> `reply_send`: message names allow only [A-Za-z0-9_]. */
export const toolKey = (name: string): string => name.replace(/[^A-Za-z0-9]/g, '_');

/** Localised title of a tool ("reply.send" -> 发送回复), by a lookup keyed by the tool name. */
export const toolTitle = (name: string, fallback: string): string => tOr(`tool_${toolKey(name)}_title`, fallback);

/** A short (≤ 80 chars) localised line saying what a tool does, for people. */
export const toolSummary = (name: string, fallback: string): string => tOr(`tool_${toolKey(name)}_summary`, fallback);

/** Names joined the way the language lists them (、 in Chinese, ", " in English). */
export const joinList = (items: readonly string[]): string => items.join(t('listSeparator'));
