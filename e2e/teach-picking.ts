/**
 * Teach mode's picking as a person meets it (shared by teach.test and teach-ux.test): "Show me"
 * asks for the capability's first missing example at once, and after a pick for the next one
 * of its sequence; any other example is asked for by its own button, once the picker is free.
 */
import type { Page } from 'puppeteer-core';
import { until } from './harness.ts';

type Press = (p: Page, sel: string) => Promise<void>;

export async function startPicking(panel: Page, cap: string, slot: string, press: Press): Promise<void> {
  const step = `.teach-step[data-cap="${cap}"]`;
  if (!(await panel.$(`${step}[data-picking="${slot}"]`))) {
    await press(panel, `.teach-mode button.show-me[data-teach="${cap}"]`);
    await panel.waitForSelector(step);
  }
  if (await panel.$(`${step}[data-picking="${slot}"]`)) return;
  await panel.waitForSelector(`${step}[data-picking=""]`);
  await press(panel, `${step} button.pick[data-slot="${slot}"]:not(:disabled)`);
}

/** After a pick: the picker is free, or already asking for the sequence's next example. */
export async function pickSettled(panel: Page, slot: string): Promise<void> {
  await until(() => panel.$eval('.teach-step', (e) => (e as HTMLElement).dataset.picking ?? ''), (p) => p !== slot);
}
