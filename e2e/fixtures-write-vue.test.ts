/** The hotkeys and fixed flows on the vue fixture console, judged by its backend (e2e/fixtures-write.ts). */
import { hotkeysOn } from './fixtures-write.ts';

hotkeysOn('vue', { english: false });
