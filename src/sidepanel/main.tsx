import { render } from 'preact';
import { App } from './App.tsx';
import { uiLocale } from '../ui/i18n.ts';

// The page's language, for screen readers and hyphenation: the one chrome.i18n shows (HTML pages get no __MSG_ substitution).
document.documentElement.lang = uiLocale();
render(<App />, document.getElementById('app')!);
// First render, for the benchmark (bench/chat.bench.ts reads it).
document.documentElement.dataset.firstRenderMs = String(Math.round(performance.now() * 10) / 10);
