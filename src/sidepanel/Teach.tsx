/**
 * Teach mode: for a capability that is missing or wrong, "Show me" starts the picker on the
 * page; the agent clicks the thing (one customer message, one agent message, the composer,
 * the Send button …). The content script answers with a rule (data) and outlines what it
 * matches; where one example is not enough the next one is asked for. Every rule goes into a
 * draft that is checked on the page (what each read tool returns with it, what a write would
 * touch, as a dry run), and only "Save" — after the agent has seen the check — stores it for
 * this console's origin.
 *
 * The session (each rule and the examples it came from, src/teach/session.ts) lives here in
 * the panel, which outlives the console page: a reload of the page keeps every pick (the
 * examples' places go back to the page with the next pick), and one rule can be undone
 * without losing the others. The check runs again whenever the page changes (a load, an
 * in-page navigation, or the page model settling after a change).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { z } from '../tools/zod.ts';
import type { ConsoleProfile } from '../profiles/schema.ts';
import { CAPABILITIES, NOTE_CODES, SLOTS, STEPS, sequenceOf, type Capability, type Slot } from '../teach/capabilities.ts';
import type { ProfilePatch } from '../teach/rules.ts';
import type { ConsoleReport } from '../teach/report.ts';
import { draftOf, heldFor, withoutRule, withRule, type TaughtRule } from '../teach/session.ts';
import { keepTaught } from './keep-taught.ts';
import { newDraft } from '../profiles/taught.ts';
import { toTab } from '../messages/client.ts';
import { TeachLink } from '../messages/index.ts';
import { errorText, fieldName } from '../ui/errors.ts';
import { joinList, t, toolTitle } from '../ui/i18n.ts';
import { Problems } from '../ui/Problems.tsx';
import type { Problem } from '../tools/problems.ts';
import { CapabilityTable, Conflicts, fetchReport } from './capabilities.tsx';

const Held = z.object({ slot: z.enum(SLOTS), at: z.string().check(z.maxLength(2_000)) });

/** The content script's answer is checked like any input: the patch only counts once the merged draft parses. */
const PickReply = z.object({
  cancelled: z.boolean(),
  picked: z.optional(z.object({ slot: z.enum(SLOTS), what: z.string().check(z.maxLength(200)), text: z.string().check(z.maxLength(200)), at: z.optional(z.string().check(z.maxLength(2_000))) })),
  held: z.optional(z.array(Held).check(z.maxLength(SLOTS.length))),
  rule: z.optional(
    z.object({
      patch: z.nullable(z.record(z.string(), z.unknown())),
      need: z.array(z.enum(SLOTS)),
      notes: z.array(z.object({ code: z.enum(NOTE_CODES), detail: z.optional(z.string().check(z.maxLength(600))) })).check(z.maxLength(20)),
      matches: z.number(),
    }),
  ),
});
type PickReply = z.infer<typeof PickReply>;

const WatchReply = z.object({ changed: z.boolean(), link: z.optional(TeachLink) });

/** A failed watch (the page is reloading, the tab closed) waits this long before asking again. */
const WATCH_RETRY_MS = 1_000;

interface Props {
  tabId: number;
  origin: string;
  base: ConsoleProfile | null;
  first: Capability | null;
  onDone(saved: boolean): void;
}

export function Teach({ tabId, origin, base, first, onDone }: Props) {
  const [rules, setRules] = useState<TaughtRule[]>([]);
  const [draft, setDraft] = useState<ConsoleProfile>(() => newDraft(origin, base));
  const [report, setReport] = useState<ConsoleReport | null>(null);
  const [cap, setCap] = useState<Capability | null>(first);
  const [last, setLast] = useState<PickReply | null>(null);
  const [picking, setPicking] = useState<Slot | null>(null);
  // What went wrong, in words, and (for a rule that does not fit the profile schema) the technical lines.
  const [problem, setProblem] = useState<{ text: string; lines: Problem[] } | null>(null);
  // The newest draft for checks started by page changes (their callbacks outlive a render).
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const pickingRef = useRef(false);
  const checks = useRef(0);
  // The session as the last pick left it (an automatic next pick runs before the next render),
  // and which pick is the newest: the answer to one that a newer pick replaced is dropped.
  const rulesRef = useRef(rules);
  const picks = useRef(0);
  // The last link the person followed from a record's page (teach-follow.ts).
  const cameBy = useRef<TeachLink | undefined>(undefined);

  /** Checks `d` on the page; an answer to an older check never replaces a newer one. */
  const check = async (d: ConsoleProfile) => {
    const n = ++checks.current;
    const r = await fetchReport(tabId, d);
    if (n === checks.current && r) setReport(r);
  };

  useEffect(() => {
    void check(draft);
    let live = true;
    const recheck = () => {
      if (live && !pickingRef.current) void check(draftRef.current);
    };
    // A page load or an in-page navigation of this tab.
    const onUpdated = (id: number, change: chrome.tabs.OnUpdatedInfo) => {
      if (id === tabId && (change.status === 'complete' || change.url)) setTimeout(recheck, 150);
    };
    chrome.tabs.onUpdated.addListener(onUpdated);
    // Changes inside the page (an editor opened, messages loaded): the content script answers once the page settled.
    void (async () => {
      while (live) {
        const r = await toTab<Record<string, unknown>>(tabId, { type: 'teach.watch' });
        if (!live) break;
        const w = r.ok ? WatchReply.safeParse(r) : null;
        // A link followed from a record: the picks on the page it leads to are read behind it.
        if (w?.success && w.data.link) cameBy.current = w.data.link;
        if (w?.success && w.data.changed) recheck();
        else if (!r.ok) await new Promise((res) => setTimeout(res, WATCH_RETRY_MS));
      }
    })();
    return () => {
      live = false;
      chrome.tabs.onUpdated.removeListener(onUpdated);
      void toTab(tabId, { type: 'teach.cancel' });
    };
  }, []);

  /** Makes `next` the session: rebuilds the draft from it and checks it on the page. */
  const apply = async (next: TaughtRule[]) => {
    const d = draftOf(origin, base, next);
    if (!d.ok) return setProblem({ text: t('teachDraftInvalid'), lines: d.problems });
    setProblem(null);
    rulesRef.current = next;
    setRules(next);
    setDraft(d.profile);
    await check(d.profile);
  };

  const showMe = async (c: Capability, slot: Slot, andThen = false) => {
    const n = ++picks.current;
    setPicking(slot);
    pickingRef.current = true;
    setLast(null);
    const r = await toTab<PickReply>(tabId, { type: 'teach.pick', capability: c, slot, earlier: heldFor(rulesRef.current, c).filter((h) => h.slot !== slot), ...(cameBy.current ? { cameBy: cameBy.current } : {}) });
    if (n !== picks.current) return;
    setPicking(null);
    pickingRef.current = false;
    const reply = r.ok ? PickReply.safeParse(r) : null;
    if (!reply?.success) return setProblem({ text: r.ok ? t('teachBadReply') : errorText(r.error), lines: [] });
    setLast(reply.data);
    if (reply.data.cancelled) return;
    const patch = (reply.data.rule?.patch ?? null) as ProfilePatch | null;
    const held = reply.data.held ?? [];
    // Still waiting for another example: keep the examples, and the rule taught before if any.
    const before = rulesRef.current.find((x) => x.cap === c)?.patch ?? null;
    await apply(withRule(rulesRef.current, { cap: c, patch: patch ?? (reply.data.rule?.need.length ? null : before), held }));
    // The next example of the sequence at once: the agent points, deskhand asks for the next one.
    const next = andThen ? nextInSequence(c, held.map((h) => h.slot)) : null;
    if (next && n === picks.current) await showMe(c, next, true);
  };

  /** "Show me" on a capability: its first example still missing is asked for at once. */
  const teach = (c: Capability) => {
    setCap(c);
    setLast(null);
    const next = nextInSequence(c, heldFor(rulesRef.current, c).map((h) => h.slot));
    if (next) void showMe(c, next, true);
  };

  const undo = async (c: Capability) => {
    if (last && cap === c) setLast(null);
    await apply(withoutRule(rules, c));
  };

  const save = async () => {
    const res = await keepTaught(origin, draft);
    if (!res.ok) return setProblem({ text: t('teachDraftInvalid'), lines: res.problems });
    await toTab(tabId, { type: 'teach.cancel' });
    onDone(true);
  };

  const steps = cap ? STEPS[cap] : null;
  const slots = steps ? [...steps.required, ...steps.optional] : [];
  const doneHere = cap ? heldFor(rules, cap).map((h) => h.slot) : [];
  const nextSlot = slots.find((s) => !doneHere.includes(s) && steps!.required.includes(s)) ?? null;
  const taughtHere = cap ? rules.some((r) => r.cap === cap && (r.patch || r.held.length)) : false;
  const taught = rules.filter((r) => r.patch);

  return (
    <section class="teach-mode" aria-label={t('teachTitle')}>
      <header class="teach-head">
        <strong>{t('teachTitle')}</strong>
        <span class="meta">{new URL(origin).host}</span>
      </header>
      {cap && (
        <div class="teach-step" data-cap={cap} data-picking={picking ?? ''}>
          <p class="teach-cap">
            <strong>{t(`teachCap_${cap}`)}</strong>
          </p>
          <ol class="slots">
            {slots.map((s) => (
              <li class={`slot ${doneHere.includes(s) ? 'done' : ''}`} data-slot={s}>
                {doneHere.includes(s) ? '✓ ' : ''}
                {t(`teachSlot_${s}`)}
                {!steps!.required.includes(s) && <span class="meta"> ({t('optional')})</span>}{' '}
                <button class="pick" data-slot={s} disabled={picking !== null} onClick={() => void showMe(cap, s)}>
                  {picking === s ? t('pickingNow') : doneHere.includes(s) ? t('pickAgain') : t('showMe')}
                </button>
              </li>
            ))}
          </ol>
          {nextSlot && doneHere.length > 0 && <p class="need-more">{t('needAnother', t(`teachSlot_${nextSlot}`))}</p>}
          {last && !last.cancelled && last.rule && (
            <div class="pick-result" data-matches={String(last.rule.matches)}>
              <p>
                <span class="picked-what">{t('pickedThing', last.picked?.what ?? '')}</span> · {t('ruleMatches', String(last.rule.matches))}
              </p>
              <ul class="notes">
                {last.rule.notes.map((n) => (
                  <li class={`note note-${n.code}`}>
                    {t(`teachNote_${n.code}`)}
                    {/* The selector is for whoever maintains the profile; the agent reads the words above. */}
                    {n.detail && (
                      <details class="tech">
                        <summary>{t('technicalDetail')}</summary>
                        <code>{n.detail}</code>
                      </details>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {last?.cancelled && <p class="meta picker-left">{t('pickerLeft')}</p>}
          {taughtHere && (
            <button class="undo-rule" data-undo={cap} disabled={picking !== null} onClick={() => void undo(cap)}>
              {t('undoRule')}
            </button>
          )}
        </div>
      )}
      {!cap && <p class="meta">{t('teachChoose')}</p>}
      {taught.length > 0 && (
        <div class="taught-rules">
          <p class="meta">{t('taughtThisSession')}</p>
          <ul>
            {taught.map((r) => (
              <li class="taught-rule" data-cap={r.cap}>
                {t(`teachCap_${r.cap}`)}{' '}
                <button class="undo" data-undo={r.cap} title={t('undoRule')} disabled={picking !== null} onClick={() => void undo(r.cap)}>
                  {t('undoShort')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {report && (
        <>
          <h3 class="check-title">{t('checkTitle')}</h3>
          <CapabilityTable report={report} onTeach={teach} />
          <DryRuns report={report} />
          <Conflicts report={report} />
          {report.conflicts.length > 0 && <p class="meta">{t('teachConflicts')}</p>}
        </>
      )}
      {problem && (
        <div class="error" role="alert">
          <p>{problem.text}</p>
          <Problems problems={problem.lines} />
        </div>
      )}
      <div class="teach-actions">
        {/* A taught rule that makes one job press another's control is never saved. */}
        <button class="confirm save-taught" disabled={!!report?.conflicts.length} onClick={() => void save()}>
          {t('teachSave')}
        </button>
        <button class="cancel-teach" onClick={() => void toTab(tabId, { type: 'teach.cancel' }).then(() => onDone(false))}>
          {t('teachCancel')}
        </button>
      </div>
    </section>
  );
}

/** The next example a sequence asks for, after those already given. */
function nextInSequence(c: Capability, done: readonly Slot[]): Slot | null {
  return sequenceOf(c).find((s) => !done.includes(s)) ?? null;
}

/** A part of the page a write touches, in words ("reply" -> 回复框). */
const partName = (k: string) => ((CAPABILITIES as readonly string[]).includes(k) ? t(`teachCap_${k}`) : fieldName(k));
const parts = (keys: readonly string[]) => joinList(keys.map(partName));

/** What the writes would touch with this draft (dry runs: nothing changes, nothing is prepared for real). */
function DryRuns({ report }: { report: ConsoleReport }) {
  return (
    <ul class="dry-runs">
      {(['reply.draft', 'reply.send', 'note.add'] as const).map((name) => {
        const r = report.tools[name];
        const preview = r?.status === 'dry_run' ? ((r.data as { preview?: { touches?: string[]; missing?: string[] } }).preview ?? {}) : null;
        const missing = preview?.missing ?? [];
        return (
          <li class={`dry-run ${r?.status === 'dry_run' && !missing.length ? 'ok' : 'no'}`} data-tool={name}>
            <strong>{toolTitle(name, name)}</strong> {r?.status === 'dry_run' ? `${t('wouldTouch')} ${parts(preview?.touches ?? []) || '—'}${missing.length ? ` · ${t('capMissing')} ${parts(missing)}` : ''}` : r && 'error' in r ? errorText(r.error) : ''}
          </li>
        );
      })}
    </ul>
  );
}
