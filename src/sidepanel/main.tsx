import { render } from 'preact';
import { App } from './App.tsx';

render(<App />, document.getElementById('app')!);
// First render, for the benchmark (bench/chat.bench.ts reads it).
document.documentElement.dataset.firstRenderMs = String(Math.round(performance.now() * 10) / 10);
