/**
 * Entry of dist/teach.js: teach mode (the picker, rules, selectors, the console report),
 * injected into a console tab's isolated world only when the side panel first teaches or asks
 * for a report (src/content/teach-loader.ts asks the worker, which runs
 * `chrome.scripting.executeScript({ files: ['teach.js'] })` into the sender's own frame).
 * It hands its one entry point to the content script through the isolated world's global.
 */
import { handleTeach } from './picker.ts';
import { handleRecord } from './recorder.ts';
import { TEACH_KEY } from './teach-keys.ts';

(globalThis as unknown as Record<symbol, unknown>)[Symbol.for(TEACH_KEY)] = { handleTeach, handleRecord };
