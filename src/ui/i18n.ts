/** UI strings through chrome.i18n (_locales/zh_CN and en). */
export function t(key: string, ...subs: (string | number)[]): string {
  const text = chrome.i18n.getMessage(key, subs.map(String));
  return text || key;
}

/** The agent's language for page-facing text (field names, drafts). */
export function uiLang(): 'zh' | 'en' {
  return chrome.i18n.getUILanguage().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** A message, or the fallback when the locale has none (chrome.i18n returns ""). */
export function tOr(key: string, fallback: string): string {
  return chrome.i18n.getMessage(key) || fallback;
}

/** Localised title of a tool ("reply.send" -> 发送回复). */
export const toolTitle = (name: string, fallback: string): string => tOr(`tool_${name.replace('.', '_')}`, fallback);
