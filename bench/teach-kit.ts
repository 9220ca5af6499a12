/**
 * The person the teach benches play (bench/teach-freescout.ts, bench/teach-osticket.ts): trusted
 * puppeteer input only, each click, typed phrase or chosen option counted as one person action,
 * and the three things they do in the side panel's "This console" view — Record a job and do it
 * once (the final press Alt+clicked: recorded, never performed), "Show me" an example, and
 * choose an option in a list on the page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import type { ConsoleBrowser } from '../e2e/consoles/console-browser.ts';

export const TMP = join(process.cwd(), '.tmp/bench');

/** A person at the keyboard: every action counted, each waits for what it acts on to be there and still. */
export class Person {
  actions = 0;
  readonly log: string[] = [];
  /** A click where a person aims: the middle, or (`start`) on the first words of a line ("(415) 555-0142", not its "(Work)"). */
  async click(p: Page, sel: string, why: string, aim: 'middle' | 'start' = 'middle', alt = false): Promise<void> {
    await p.bringToFront();
    const el = await p.waitForSelector(sel, { visible: true, timeout: 10_000 });
    await el!.scrollIntoView();
    let box = await el!.boundingBox();
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 120));
      const now = await el!.boundingBox();
      if (JSON.stringify(now) === JSON.stringify(box)) break;
      box = now;
    }
    const x = aim === 'start' ? box!.x + Math.min(12, box!.width / 4) : box!.x + box!.width / 2;
    if (alt) await p.keyboard.down('Alt');
    await p.mouse.click(x, box!.y + Math.min(box!.height / 2, 12));
    if (alt) await p.keyboard.up('Alt');
    this.count(`${alt ? 'Alt+click' : 'click'} ${why}`);
  }
  /**
   * An option of a list on the page, as a person picks it: a click focuses the list, typing the
   * option's first letters chooses it (one action for the choice, one for the click).
   */
  async choose(p: Page, sel: string, text: string): Promise<void> {
    await this.click(p, sel, `the list ${sel}`);
    // Headless Chromium's popup list does not take keys: closed, the focused list chooses by its first letters.
    await p.keyboard.press('Escape');
    await p.keyboard.type(text);
    this.count(`choose "${text}"`);
  }
  /**
   * An option of a list whose words the person does not type (a UI in another language): a
   * click focuses it, the arrow keys move to the option whose text starts with `text`.
   */
  async chooseByArrows(p: Page, sel: string, startsWith: (text: string) => boolean): Promise<void> {
    await this.click(p, sel, `the list ${sel}`);
    await p.keyboard.press('Escape');
    const texts = await p.$eval(sel, (e) => Array.from((e as HTMLSelectElement).options).map((o) => o.text));
    const at = await p.$eval(sel, (e) => (e as HTMLSelectElement).selectedIndex);
    const want = texts.findIndex(startsWith);
    if (want < 0) throw new Error(`no option of ${sel} to choose among ${texts.join(' / ')}`);
    for (let i = at; i !== want; i += want > at ? 1 : -1) {
      await p.keyboard.press(want > at ? 'ArrowDown' : 'ArrowUp');
      // Each step is a choice the page may save and draw again before the next key.
      await p.waitForFunction((s: string, k: number) => (document.querySelector(s) as HTMLSelectElement).selectedIndex === k, {}, sel, i + (want > at ? 1 : -1));
      await new Promise((r) => setTimeout(r, 400));
    }
    this.count(`choose "${texts[want]}"`);
  }
  /** One key pressed on the page (Esc ends the picker's sequence of examples). */
  async key(p: Page, key: 'Escape' | 'Enter', why: string): Promise<void> {
    await p.bringToFront();
    await p.keyboard.press(key);
    this.count(`press ${key} (${why})`);
  }
  /** The browser's Back button (one press). */
  async back(p: Page): Promise<void> {
    await p.bringToFront();
    await p.goBack({ waitUntil: 'load' });
    this.count('press Back');
  }
  async type(p: Page, text: string): Promise<void> {
    await p.keyboard.type(text);
    this.count(`type "${text}"`);
  }
  private count(what: string): void {
    this.actions += 1;
    this.log.push(what);
    if (process.env.BENCH_VERBOSE === '1') console.log(`  ${this.actions}. ${what}`);
  }
}

export async function consoleView(cb: ConsoleBrowser, tabId: number): Promise<Page> {
  const v = await cb.browser.newPage();
  await v.goto(`chrome-extension://${cb.extensionId}/src/sidepanel/index.html?tabId=${tabId}&view=console`, { waitUntil: 'load' });
  await v.waitForSelector('.recipes .recipe-row');
  return v;
}

/** Record one job: Record, do it on the page, Alt+click the final control (recorded, not pressed); the panel keeps it. */
export async function record(me: Person, view: Page, page: Page, job: string, doIt: () => Promise<void>, finalSel: string): Promise<void> {
  await me.click(view, `.recipe-row[data-job="${job}"] .record-recipe`, `Record ${job}`);
  await view.waitForSelector(`.recording[data-job="${job}"]`);
  await doIt();
  await me.click(page, finalSel, `the final control of ${job}`, 'middle', true);
  await view.bringToFront();
  await view.waitForSelector(`.recipe-kept[data-job="${job}"]`, { timeout: 15_000 });
  await view.waitForSelector(`.recipe-row[data-job="${job}"][data-known="true"]`);
}

/**
 * One example in teach mode: the capability's "Show me" (which asks for its first example at
 * once, and each next one of its sequence after a pick), then the example on the page.
 */
export async function showMe(me: Person, view: Page, page: Page, cap: string, slot: string, target: string, first: boolean, aim: 'middle' | 'start' = 'middle'): Promise<void> {
  if (first) await me.click(view, `.teach-mode button.show-me[data-teach="${cap}"]`, `Show me ${cap}`);
  await view.waitForSelector(`.teach-step[data-cap="${cap}"][data-picking="${slot}"]`, { timeout: 15_000 });
  await page.waitForSelector('deskhand-picker');
  await me.click(page, target, `the ${cap} example`, aim);
  await view.bringToFront();
  await view.waitForSelector(`.teach-step[data-cap="${cap}"] .slot.done[data-slot="${slot}"]`, { timeout: 15_000 });
}

/** What one teaching session gave: its person actions, its time, and the profile it saved. */
export interface Session {
  actions: number;
  log: string[];
  seconds: number;
  profile: unknown;
}

/** The session's profile kept as .tmp/bench/<console>-taught-profile.json (the file the measure reads). */
export function keepProfile(consoleName: string, session: Session): string {
  mkdirSync(TMP, { recursive: true });
  const file = join(TMP, `${consoleName}-taught-profile.json`);
  writeFileSync(file, `${JSON.stringify(session.profile, null, 2)}\n`);
  console.log(`taught in ${session.actions} person actions, ${session.seconds} s`);
  return file;
}
