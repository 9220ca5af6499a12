/**
 * "This console": for the console tab, the profile in use (built-in, taught, admin-pushed or
 * the generic heuristics) and, per capability, whether it is found now and what it reads
 * right now; a taught or admin rule that stopped matching is named. From here the agent
 * teaches what is missing (Teach.tsx), exports the profile in use, imports one (checked with
 * the same zod schema and the taught-profile rules: an invalid file changes nothing), or
 * removes the taught one. Admin profiles are locked.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ConsoleProfile } from '../profiles/schema.ts';
import { exportText, importProfile } from '../profiles/taught.ts';
import type { Capability } from '../teach/capabilities.ts';
import type { ConsoleReport, ViewCapability } from '../teach/report.ts';
import { managedProfiles, onProfilesChanged, removeTaught, saveTaught, taughtFor } from '../profiles/store.ts';
import { BUILTIN_PROFILES } from '../profiles/index.ts';
import { t } from '../ui/i18n.ts';
import { Problems } from '../ui/Problems.tsx';
import type { Problem } from '../tools/problems.ts';
import { profileName } from '../ui/profile-name.ts';
import { Teach } from './Teach.tsx';
import { CapabilityTable, Conflicts, fetchReport } from './capabilities.tsx';
import { Recipes } from './Recipes.tsx';
import type { RecipeJob } from '../profiles/recipe.ts';
import { keepTaught } from './keep-taught.ts';
import { saveSettingsPatch } from '../settings/store.ts';
import { DeclaredTools } from './DeclaredTools.tsx';


/** Which row of the view a profile rule serves (`composers.reply.submit` → the Send button), to name it in words. */
export function capabilityOfRule(path: string): ViewCapability {
  if (path.startsWith('identity.')) return 'conversationId';
  if (path.startsWith('thread.')) return 'threadRoles';
  if (path.startsWith('customer.')) return 'customer';
  if (path.startsWith('history.')) return 'history';
  if (path === 'composers.reply.submit') return 'sendButton';
  if (path.startsWith('composers.reply.')) return 'replyComposer';
  if (path.startsWith('composers.note.')) return 'noteBox';
  if (path.startsWith('ticketForm.')) return 'ticketForm';
  if (path.startsWith('kb')) return 'kb';
  return 'assign';
}

export function ThisConsole({ tabId }: { tabId: number }) {
  const [report, setReport] = useState<ConsoleReport | null>(null);
  const [taught, setTaught] = useState<ConsoleProfile | null>(null);
  const [managed, setManaged] = useState<ConsoleProfile[]>([]);
  // The origin and profile teaching started from: a reload of the page (no report for a moment) must not end the session.
  const [teaching, setTeaching] = useState<{ first: Capability | null; origin: string; base: ConsoleProfile | null } | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [notice, setNotice] = useState('');
  const [href, setHref] = useState<string | null>(null);
  // An imported profile is used only once the agent has seen what it finds here and accepted it.
  const [review, setReview] = useState<{ profile: ConsoleProfile; report: ConsoleReport | null } | null>(null);
  // A recording just kept, the taught profile before it and the profile choice it replaced (for Undo).
  const [kept, setKept] = useState<{ job: RecipeJob; steps: number; before: ConsoleProfile | null; choiceBefore: string | null } | null>(null);

  const load = async () => {
    const r = await fetchReport(tabId);
    setReport(r);
    if (r) setTaught(await taughtFor(r.origin));
    setManaged((await managedProfiles()).profiles);
  };
  useEffect(() => {
    void load();
    const off = onProfilesChanged(() => void load());
    const onUpdated = (id: number, change: chrome.tabs.OnUpdatedInfo) => id === tabId && change.status === 'complete' && setTimeout(() => void load(), 150);
    chrome.tabs.onUpdated.addListener(onUpdated);
    return () => {
      off();
      chrome.tabs.onUpdated.removeListener(onUpdated);
    };
  }, [tabId]);

  if (teaching) {
    return (
      <Teach
        tabId={tabId}
        origin={teaching.origin}
        base={teaching.base}
        first={teaching.first}
        onDone={(saved) => {
          setTeaching(null);
          setNotice(saved ? t('teachSaved') : '');
          void load();
        }}
      />
    );
  }

  if (!report) return <p class="empty no-console">{t('noConsoleTab')}</p>;
  const inUse = report.profile;
  const inUseProfile =
    inUse?.source === 'taught' ? taught : inUse?.source === 'managed' ? managed.find((m) => m.id === inUse.id) ?? null : BUILTIN_PROFILES.find((b) => b.profile.id === inUse?.id)?.profile ?? null;
  const locked = inUse?.source === 'managed';
  // A role or a history row can be absent on a record (no note yet, no earlier tickets): not a broken rule.
  const stopped = inUse && inUse.source !== 'builtin' ? report.rules.filter((r) => r.matches === 0 && !/^thread\.roles\.|^history\.item$/.test(r.path)) : [];

  const exportProfile = () => {
    if (!inUseProfile) return;
    if (href) URL.revokeObjectURL(href);
    setHref(URL.createObjectURL(new Blob([exportText(inUseProfile)], { type: 'application/json' })));
    setTimeout(() => document.querySelector<HTMLAnchorElement>('a.profile-export-link')?.click(), 0);
  };
  const importFile = async (file: File | undefined) => {
    setProblems([]);
    setNotice('');
    if (!file) return;
    const res = importProfile(await file.text(), report.origin);
    if (!res.ok) return setProblems(res.problems);
    setReview({ profile: res.profile, report: await fetchReport(tabId, res.profile) });
  };
  const review_ = async (profile: ConsoleProfile) => setReview({ profile, report: await fetchReport(tabId, profile) });
  const accept = async () => {
    if (!review || !review.report || review.report.conflicts.length) return;
    const saved = await keepTaught(report.origin, review.profile);
    setReview(null);
    if (!saved.ok) return setProblems(saved.problems);
    setNotice(t('importDone', review.profile.name));
    void load();
  };
  // The person's own recording (trusted input, the commit recorded and never pressed) is kept
  // at once when the check finds no conflict: one press fewer per job, and Undo puts back the
  // profile as it was. A conflict (the final control is another job's) still stops in the review.
  const recorded = async (profile: ConsoleProfile, job: RecipeJob, steps: number) => {
    setProblems([]);
    const checked = await fetchReport(tabId, profile);
    if (!checked || checked.conflicts.length) return setReview({ profile, report: checked });
    const before = taught;
    const saved = await keepTaught(report.origin, profile);
    if (!saved.ok) return setProblems(saved.problems);
    setKept({ job, steps, before, choiceBefore: saved.choiceBefore });
    void load();
  };
  const undoKept = async () => {
    if (!kept) return;
    setKept(null);
    if (kept.before) await saveTaught(report.origin, kept.before);
    else await removeTaught(report.origin);
    if (kept.choiceBefore) await saveSettingsPatch({ consoleProfiles: { [report.origin]: kept.choiceBefore } });
    void load();
  };

  if (review) return <ImportReview review={review} origin={report.origin} onAccept={() => void accept()} onCancel={() => setReview(null)} />;

  return (
    <section class="this-console" aria-label={t('tabConsole')}>
      <div class={`profile-in-use source-${inUse?.source ?? 'generic'}`} data-source={inUse?.source ?? 'generic'}>
        <span class="meta">{t('profileInUse')}</span> <strong class="profile-name">{inUse ? profileName(inUse, inUse.source) : t('genericProfile')}</strong>{' '}
        {/* "Generic heuristics" says its source already; a badge would repeat it. */}
        {inUse && <span class="badge">{t(`source_${inUse.source}`)}</span>}
        {locked && <span class="badge locked">{t('lockedByAdmin')}</span>}
        {report.recordId && <span class="meta"> · {report.recordId}</span>}
      </div>
      {stopped.length > 0 && (
        <div class="notice stopped" role="alert">
          {t('rulesStopped')}
          <ul>
            {stopped.map((r) => (
              <li data-path={r.path}>
                {t(`cap_${capabilityOfRule(r.path)}`)}
                {/* The rule itself is for whoever maintains the profile. */}
                <details class="tech">
                  <summary>{t('technicalDetail')}</summary>
                  <code>{r.path}</code> <code>{r.css}</code>
                </details>
              </li>
            ))}
          </ul>
        </div>
      )}
      <CapabilityTable report={report} {...(locked ? {} : { onTeach: (cap: Capability) => setTeaching({ first: cap, origin: report.origin, base: taught }) })} />
      <DeclaredTools tabId={tabId} />
      <Recipes tabId={tabId} origin={report.origin} taught={taught} base={inUseProfile} locked={locked} onReview={(profile) => void review_(profile)} onRecorded={(profile, job, steps) => void recorded(profile, job, steps)} onSaved={() => void load()} />
      {kept && (
        <p class="notice done recipe-kept" role="status" data-job={kept.job}>
          {t('recipeKept', t(`recipeJob_${kept.job}`), kept.steps)}{' '}
          <button class="undo-recipe" onClick={() => void undoKept()}>
            {t('undoShort')}
          </button>
        </p>
      )}
      <div class="console-actions">
        {!locked && (
          <button class="teach" onClick={() => setTeaching({ first: null, origin: report.origin, base: taught })}>
            {t('teachStart')}
          </button>
        )}
        <button class="export-profile" disabled={!inUseProfile} onClick={exportProfile}>
          {t('exportProfile')}
        </button>
        <label class="import-profile">
          {t('importProfile')}
          <input type="file" accept="application/json,.json" name="import-profile" onChange={(e) => void importFile((e.currentTarget as HTMLInputElement).files?.[0])} />
        </label>
        {taught && !locked && (
          <button class="remove-taught" onClick={() => void removeTaught(report.origin).then(load)}>
            {t('removeTaught')}
          </button>
        )}
        {href && inUseProfile && (
          <a class="profile-export-link" href={href} download={`deskhand-profile-${inUseProfile.id}.json`}>
            {t('exportProfile')}
          </a>
        )}
      </div>
      {problems.length > 0 && (
        <div class="error import-error" role="alert">
          <p>{t('importInvalid')}</p>
          <Problems problems={problems} />
        </div>
      )}
      {notice && <p class="notice done">{notice}</p>}
    </section>
  );
}

/**
 * What an imported profile finds on this page, before it is used: the same table as the
 * console view, with the jobs whose control would be another job's. Such a profile cannot be
 * accepted (issue 19: a profile may say where things are, never make a reply press a refund).
 */
function ImportReview({ review, origin, onAccept, onCancel }: { review: { profile: ConsoleProfile; report: ConsoleReport | null }; origin: string; onAccept(): void; onCancel(): void }) {
  const { profile, report } = review;
  const blocked = !report || report.conflicts.length > 0;
  return (
    <section class="import-review" aria-label={t('importReviewTitle')} data-blocked={String(blocked)}>
      <h3>{t('importReviewTitle')}</h3>
      <p>{t('importReviewIntro', profile.name, new URL(origin).host)}</p>
      {report ? (
        <>
          <CapabilityTable report={report} />
          <Conflicts report={report} />
        </>
      ) : (
        <p class="error">{t('noConsoleTab')}</p>
      )}
      <div class="console-actions">
        <button class="confirm accept-import" disabled={blocked} onClick={onAccept}>
          {t('importAccept')}
        </button>
        <button class="cancel-import" onClick={onCancel}>
          {t('importCancel')}
        </button>
      </div>
    </section>
  );
}
