/** The side panel's first script (dist/panel-early.js, a classic script in index.html's head): its first request, sent while the page is parsed (early-list.ts). */
import { sendEarlyList } from './early-list.ts';

sendEarlyList();
