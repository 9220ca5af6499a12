/**
 * FreeScout jobs as Chrome DevTools Recorder exports them (hand-made in Recorder's JSON shape:
 * a setViewport and a navigate to the record it was recorded on first, then each click with
 * its selector alternatives — aria, CSS, XPath, pierce — and the typed text or the chosen
 * person as recorded). Recorded in the English UI as Sam Agent on conversation 1.
 *
 * What Recorder does with FreeScout's markup shows here: the Assignee toggle's accessible name
 * carries the current assignee ("Assignee: Me"), so on another record only its CSS alternative
 * answers; the Summernote editor's typing comes as a change in the reply and as one
 * keyDown/keyUp pair per key in the note (both happen, depending on how the person typed).
 */
const viewport = { type: 'setViewport', width: 1280, height: 900, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false };
const onRecord = (ORIGIN: string) => ({ type: 'navigate', url: `${ORIGIN}/conversation/1?folder_id=1`, assertedEvents: [{ type: 'navigation', url: `${ORIGIN}/conversation/1?folder_id=1`, title: '#1 Cannot log in to my account - Maria Garcia' }] });
const click = (selectors: string[][], extra: object = {}) => ({ type: 'click', target: 'main', selectors, offsetX: 8, offsetY: 8, ...extra });
const editor = [['div.note-editable'], ['xpath///*[@id="conv-layout-main"]/div[1]/form/div[3]/div[3]/div[2]'], ['pierce/div.note-editable']];

export const REPLY = (ORIGIN: string) => ({
  title: 'FreeScout: reply to the customer',
  steps: [
    viewport,
    onRecord(ORIGIN),
    click([['aria/Reply[role="button"]'], ['#conv-toolbar span.conv-reply'], ['xpath///*[@id="conv-toolbar"]/div[1]/span[1]'], ['pierce/#conv-toolbar span.conv-reply']]),
    click(editor),
    { type: 'change', target: 'main', selectors: editor, value: 'Hello Maria, we are on it.' },
    click([['aria/Send Reply'], ['button.btn-reply-submit'], ['text/Send Reply']], { assertedEvents: [{ type: 'navigation', url: `${ORIGIN}/conversation/3?folder_id=1`, title: '' }] }),
  ],
});

export const NOTE = (ORIGIN: string) => ({
  title: 'FreeScout: internal note',
  steps: [
    viewport,
    onRecord(ORIGIN),
    click([['aria/Note[role="button"]'], ['#conv-toolbar span.conv-add-note'], ['xpath///*[@id="conv-toolbar"]/div[1]/span[2]']]),
    click(editor),
    ...[...'FYI'].flatMap((key) => [{ type: 'keyDown', target: 'main', key }, { type: 'keyUp', target: 'main', key }]),
    click([['aria/Add Note'], ['button.btn-add-note-text'], ['text/Add Note']]),
  ],
});

export const ASSIGN = (ORIGIN: string) => ({
  title: 'FreeScout: assign to a colleague',
  steps: [
    viewport,
    onRecord(ORIGIN),
    click([['aria/Assignee: Me'], ['#conv-assignee > button.dropdown-toggle'], ['xpath///*[@id="conv-assignee"]/button[2]']]),
    click([['aria/Kim Lee'], ['#conv-assignee li:nth-of-type(3) > a'], ['xpath///*[@id="conv-assignee"]/ul/li[3]/a'], ['text/Kim Lee']]),
  ],
});

export const MOVE = (ORIGIN: string) => ({
  title: 'FreeScout: move to another mailbox',
  steps: [
    viewport,
    onRecord(ORIGIN),
    click([['aria/More Actions'], ['#conv-toolbar span.glyphicon-option-horizontal'], ['xpath///*[@id="conv-toolbar"]/div[1]/div/span']]),
    click([['aria/Move'], ['#conv-toolbar li:nth-of-type(5) > a'], ['text/Move']]),
    // The modal's label is not tied to its select: Recorder has no aria name for it.
    { type: 'change', target: 'main', selectors: [['select.move-conv-mailbox-id'], ['xpath///*[contains(@class,"modal")]//select']], value: '2' },
    click([['aria/Move[role="button"]'], ['button.btn-move-conv'], ['text/Move']]),
  ],
});
