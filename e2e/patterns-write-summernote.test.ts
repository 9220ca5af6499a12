/** The write tools on pat-summernote, judged by its backend (e2e/patterns-write.ts says how). */
import { describeWrites } from './patterns-write.ts';

describeWrites('pat-summernote');
