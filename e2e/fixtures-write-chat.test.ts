/** The hotkeys and fixed flows on the chat fixture console, judged by its backend (e2e/fixtures-write.ts). */
import { hotkeysOn } from './fixtures-write.ts';

hotkeysOn('chat', { english: true });
