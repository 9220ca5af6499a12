/**
 * Chat benchmarks (issue 5), each beside its floor from the same run:
 * - extension overhead per model round: the panel's loop time minus the time spent inside
 *   the model server, with the `instant` model (one tool round, one answer round);
 * - side-panel bundle size (min + gzip) vs the prototype in TOOLCHAIN.md;
 * - time to first render of the panel vs its own DOMContentLoaded.
 */
import type { RecordedRequest } from '../demo/model/server.ts';
import { panelEager } from './panel-bundle.ts';
import { startChatBench, type BenchRow } from './lib.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchChat(): Promise<BenchRow[]> {
  const { model, browser, panelUrl, close } = await startChatBench('instant');
  try {
    const renders: number[] = [];
    const dcl: number[] = [];
    for (let i = 0; i < 7; i++) {
      const p = await browser.newPage();
      await p.goto(panelUrl, { waitUntil: 'load' });
      await p.waitForFunction('document.documentElement.dataset.firstRenderMs');
      renders.push(Number(await p.evaluate('document.documentElement.dataset.firstRenderMs')));
      dcl.push(Number(await p.evaluate('performance.getEntriesByType("navigation")[0].domContentLoadedEventStart')));
      await p.close();
    }
    const panel = await browser.newPage();
    await panel.goto(panelUrl, { waitUntil: 'load' });
    await panel.waitForSelector('textarea[name=question]');
    const overheads: number[] = [];
    for (let i = 0; i < 15; i++) {
      await fetch(`${model.url}/_reset`);
      const before = await panel.$$eval('.turn[data-stopped]', (els) => els.length);
      await panel.type('textarea[name=question]', `question ${i}`);
      await panel.click('button.send');
      await panel.waitForFunction((n: number) => document.querySelectorAll('.turn[data-stopped]').length > n, {}, before);
      const ms = Number(await panel.$$eval('.turn[data-stopped]', (els) => (els.at(-1) as HTMLElement).dataset.ms));
      const reqs = (await (await fetch(`${model.url}/_requests`)).json()) as RecordedRequest[];
      const inModel = reqs.reduce((s, r) => s + (r.serverMs ?? 0), 0);
      overheads.push((ms - inModel) / reqs.length);
    }
    const size = panelEager();
    const render = median(renders);
    const dclMed = median(dcl);
    const perRound = median(overheads);
    return [
      { name: 'side panel: DOMContentLoaded', medianUs: dclMed * 1000, floor: 'itself', ratio: 1 },
      { name: 'side panel: first render (Preact)', medianUs: render * 1000, floor: 'DOMContentLoaded', ratio: render / dclMed },
      { name: 'chat: extension overhead per model round (instant model)', medianUs: perRound * 1000, floor: 'none (loop time minus model-server time)', ratio: null },
      {
        name: `side panel bundle (eager, before any view): ${(size.min / 1024).toFixed(1)} KB min / ${(size.gz / 1024).toFixed(1)} KB gzip`,
        medianUs: 0,
        floor: 'prototype 398 KB / 88 KB (TOOLCHAIN.md)',
        ratio: size.min / (398 * 1024),
        note: `gzip ratio ${(size.gz / (88 * 1024)).toFixed(2)}`,
      },
    ];
  } finally {
    await close();
  }
}
