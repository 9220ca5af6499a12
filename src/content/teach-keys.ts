/**
 * Keys on the isolated world's global that the content script and the on-demand teach script
 * (dist/teach.js) meet at: the kit (set by the content script, src/content/teach-kit.ts) and
 * teach mode's entry points (set by teach.js). The page cannot see the isolated world's global
 * (https://developer.chrome.com/docs/extensions/develop/concepts/content-scripts#isolated_world).
 */
export const KIT_KEY = 'deskhand.teachKit';
export const TEACH_KEY = 'deskhand.teach';
