/** The hotkeys and fixed flows on the classic fixture console, judged by its backend (e2e/fixtures-write.ts). */
import { hotkeysOn } from './fixtures-write.ts';

hotkeysOn('classic', { english: false });
