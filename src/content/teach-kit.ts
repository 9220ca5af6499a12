/**
 * What the on-demand teach script (dist/teach.js, src/content/teach-entry.ts) takes from this
 * content script instead of bundling a second copy: the page model, the catalog and the tool
 * core (the bulk of a bundle), and the helpers teach mode shares with them.
 *
 * The build (vite.config.ts `teachScript`) reads the imports below and turns each of these
 * modules, inside teach.js, into a module that re-exports the same names from this kit. So
 * teach code imports them as usual (and runs as usual in unit tests); in the extension it
 * uses the very functions and classes this script runs. A name teach code imports from one of
 * these modules but that is missing here fails the build.
 * The kit lives on the isolated world's global (src/content/teach-keys.ts).
 */
import { registerCatalog } from '../catalog/index.ts';
import { findButtonIn, findButtonNear } from '../dom/controls/button.ts';
import { cleanValue } from '../dom/customer.ts';
import { describeEl } from '../dom/describe.ts';
import { entryParts } from '../dom/entry.ts';
import { findButton, kindOf } from '../dom/find.ts';
import { idFromText, idFromUrl } from '../dom/ids.ts';
import { currentValue } from '../dom/set-value.ts';
import { matchesSafely, queryAll, queryOne } from '../dom/query.ts';
import { BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import { listedOrder } from '../dom/thread.ts';
import { visibleTextOf } from '../dom/visible.ts';
import { classifySender, refusal } from '../messages/index.ts';
import { PageModel } from '../page/model.ts';
import { ownershipProblems } from '../page/owners.ts';
import { createToolCore } from '../tools/index.ts';
import { t } from '../ui/i18n.ts';

export const TEACH_KIT = {
  registerCatalog,
  findButtonIn,
  findButtonNear,
  cleanValue,
  describeEl,
  findButton,
  entryParts,
  idFromText,
  idFromUrl,
  listedOrder,
  kindOf,
  currentValue,
  matchesSafely,
  queryAll,
  queryOne,
  BUTTON_SYNONYMS,
  visibleTextOf,
  classifySender,
  refusal,
  PageModel,
  ownershipProblems,
  createToolCore,
  t,
};
