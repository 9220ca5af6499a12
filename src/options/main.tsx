import { render } from 'preact';
import { Options } from './Options.tsx';
import { uiLocale } from '../ui/i18n.ts';

// The page's language, for screen readers and hyphenation: the one chrome.i18n shows (HTML pages get no __MSG_ substitution).
document.documentElement.lang = uiLocale();
render(<Options />, document.getElementById('app')!);
