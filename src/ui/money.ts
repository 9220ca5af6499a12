/** Money as a person reads it, in the UI language (Intl): the card, the toast and the outcome row say it alike. */
import { intlLocale } from './i18n.ts';

/** One amount with its currency code ("CNY 199.00"): ¥ alone would not say CNY or JPY. */
export function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency, currencyDisplay: 'code' }).format(amount);
  } catch {
    return `${currency} ${amount}`;
  }
}
