/**
 * Validation messages in the agent's language on extension pages. A person reads zod's
 * issues there (an imported profile, a knowledge-source list typed in the options page), so
 * zod speaks the UI language (https://zod.dev/error-customization#internationalization).
 * Content scripts and the worker keep zod's English: their issues go to the model and developers.
 */
import { z } from 'zod';
import en from 'zod/v4/locales/en.js';
import zhCN from 'zod/v4/locales/zh-CN.js';
import { uiLang } from './i18n.ts';

export function zodInAgentLanguage(): void {
  z.config(uiLang() === 'zh' ? zhCN() : en());
}
