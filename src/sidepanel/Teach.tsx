/**
 * Teach mode: for a capability that is missing or wrong, "Show me" starts the picker on the
 * page; the agent clicks the thing (one customer message, one agent message, the composer,
 * the Send button …). The content script answers with a rule (data) and outlines what it
 * matches; where one example is not enough the next one is asked for. Every rule goes into a
 * draft that is checked on the page (what each read tool returns with it, what a write would
 * touch, as a dry run), and only "Save" — after the agent has seen the check — stores it for
 * this console's origin.
 */
import { useEffect, useState } from 'preact/hooks';
import { z } from '../tools/zod.ts';
import { parseProfile, type ConsoleProfile } from '../profiles/schema.ts';
import { CAPABILITIES, NOTE_CODES, SLOTS, STEPS, type Capability, type Slot } from '../teach/capabilities.ts';
import { applyPatch, newDraft } from '../profiles/taught.ts';
import type { ProfilePatch } from '../teach/rules.ts';
import type { ConsoleReport } from '../teach/report.ts';
import { saveTaught } from '../profiles/store.ts';
import { toTab } from '../messages/client.ts';
import { errorText, fieldName } from '../ui/errors.ts';
import { joinList, t, toolTitle } from '../ui/i18n.ts';
import { Problems } from '../ui/Problems.tsx';
import type { Problem } from '../tools/problems.ts';
import { CapabilityTable, Conflicts, fetchReport } from './capabilities.tsx';

/** The content script's answer is checked like any input: the patch only counts once the merged draft parses. */
const PickReply = z.object({
  cancelled: z.boolean(),
  picked: z.optional(z.object({ slot: z.enum(SLOTS), what: z.string().check(z.maxLength(200)), text: z.string().check(z.maxLength(200)) })),
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

interface Props {
  tabId: number;
  origin: string;
  base: ConsoleProfile | null;
  first: Capability | null;
  onDone(saved: boolean): void;
}

export function Teach({ tabId, origin, base, first, onDone }: Props) {
  const [draft, setDraft] = useState<ConsoleProfile>(() => newDraft(origin, base));
  const [report, setReport] = useState<ConsoleReport | null>(null);
  const [cap, setCap] = useState<Capability | null>(first);
  const [done, setDone] = useState<Partial<Record<Capability, Slot[]>>>({});
  const [last, setLast] = useState<PickReply | null>(null);
  const [picking, setPicking] = useState<Slot | null>(null);
  // What went wrong, in words, and (for a rule that does not fit the profile schema) the technical lines.
  const [problem, setProblem] = useState<{ text: string; lines: Problem[] } | null>(null);

  const check = async (d: ConsoleProfile) => setReport(await fetchReport(tabId, d));
  useEffect(() => {
    void check(draft);
    return () => void toTab(tabId, { type: 'teach.cancel' });
  }, []);

  const showMe = async (c: Capability, slot: Slot) => {
    setPicking(slot);
    setLast(null);
    const r = await toTab<PickReply>(tabId, { type: 'teach.pick', capability: c, slot });
    setPicking(null);
    const reply = r.ok ? PickReply.safeParse(r) : null;
    if (!reply?.success) return setProblem({ text: r.ok ? t('teachBadReply') : errorText(r.error), lines: [] });
    setLast(reply.data);
    if (reply.data.cancelled) return;
    setDone((d) => ({ ...d, [c]: [...new Set([...(d[c] ?? []), slot])] }));
    const patch = reply.data.rule?.patch as ProfilePatch | null | undefined;
    if (!patch) return;
    const next = parseProfile(applyPatch(draft, patch));
    if (!next.ok) return setProblem({ text: t('teachDraftInvalid'), lines: next.problems });
    setProblem(null);
    setDraft(next.profile);
    await check(next.profile);
  };

  const save = async () => {
    const res = await saveTaught(origin, draft);
    if (!res.ok) return setProblem({ text: t('teachDraftInvalid'), lines: res.problems });
    await toTab(tabId, { type: 'teach.cancel' });
    onDone(true);
  };

  const steps = cap ? STEPS[cap] : null;
  const slots = steps ? [...steps.required, ...steps.optional] : [];
  const doneHere = (cap && done[cap]) || [];
  const nextSlot = slots.find((s) => !doneHere.includes(s) && steps!.required.includes(s)) ?? null;

  return (
    <section class="teach-mode" aria-label={t('teachTitle')}>
      <header class="teach-head">
        <strong>{t('teachTitle')}</strong>
        <span class="meta">{new URL(origin).host}</span>
      </header>
      {cap && (
        <div class="teach-step" data-cap={cap}>
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
                {t('pickedThing', last.picked?.what ?? '')} · {t('ruleMatches', String(last.rule.matches))}
              </p>
              <ul class="notes">
                {last.rule.notes.map((n) => (
                  <li class={`note note-${n.code}`}>
                    {t(`teachNote_${n.code}`)} {n.detail && <code>{n.detail}</code>}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {last?.cancelled && <p class="meta picker-left">{t('pickerLeft')}</p>}
        </div>
      )}
      {!cap && <p class="meta">{t('teachChoose')}</p>}
      {report && (
        <>
          <h3 class="check-title">{t('checkTitle')}</h3>
          <CapabilityTable report={report} onTeach={(c) => (setCap(c), setLast(null))} />
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
