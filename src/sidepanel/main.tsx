import { render } from 'preact';
import { zodInAgentLanguage } from '../ui/zod-locale.ts';
import { App } from './App.tsx';

zodInAgentLanguage();
render(<App />, document.getElementById('app')!);
// First render, for the benchmark (bench/chat.bench.ts reads it).
document.documentElement.dataset.firstRenderMs = String(Math.round(performance.now() * 10) / 10);
