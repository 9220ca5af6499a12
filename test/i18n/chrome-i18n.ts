/** A chrome.i18n backed by the real locale files, for unit tests of code that speaks to people. */
import { readLocale, type Locale } from '../../scripts/locale-files.ts';

export function installI18n(locale: Locale): void {
  const messages = readLocale(locale);
  const i18n = {
    getUILanguage: () => (locale === 'zh_CN' ? 'zh-CN' : 'en'),
    getMessage: (key: string, subs: string[] = []) => (messages[key]?.message ?? '').replace(/\$([1-9])/g, (_, n: string) => subs[Number(n) - 1] ?? ''),
  };
  (globalThis as { chrome?: unknown }).chrome = { i18n };
}
