/** The composer tools on the blind desk-zh console, judged by its backend (e2e/blind-write.ts). */
import { composerToolsOn } from './blind-write.ts';

composerToolsOn('desk-zh');
