/** The composer tools on the blind desk-en console, judged by its backend (e2e/blind-write.ts). */
import { composerToolsOn } from './blind-write.ts';

composerToolsOn('desk-en');
