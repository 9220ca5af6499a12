/** The write tools on pat-radix, judged by its backend (e2e/patterns-write.ts says how). */
import { describeWrites } from './patterns-write.ts';

describeWrites('pat-radix');
