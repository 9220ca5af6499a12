/** `npm run bench`: every suite, printed as a table and written to bench/results/<suite>.json. */
import { benchCore } from './core.bench.ts';
import { report } from './lib.ts';

report('core', await benchCore());
