import { t } from './i18n.ts';

/**
 * Who decided, as a person reads it. Without an agent name in settings the worker records
 * the placeholder "agent" (src/background/router.ts `confirmer`): shown as words, not as that code.
 */
export function personName(name: string): string {
  return !name || name === 'agent' ? t('unnamedAgent') : name;
}
