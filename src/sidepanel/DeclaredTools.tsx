/**
 * "This console" → the tools the console itself declares to browser agents (WebMCP, issue 24):
 * each as deskhand runs it, with its grade in the agent's words and where the grade came from
 * (the console's own marking, the console profile, or deskhand's default of "high risk").
 * Shown only where the console declares any. The reply is checked before it is shown.
 */
import { useEffect, useState } from 'preact/hooks';
import { toTab } from '../messages/client.ts';
import { GRADE_SOURCES, RISKS } from '../tools/types.ts';
import { z } from '../tools/zod.ts';
import { t } from '../ui/i18n.ts';

const Rows = z.array(
  z.object({
    pageName: z.string().check(z.maxLength(64)),
    tool: z.nullable(z.string().check(z.maxLength(100))),
    sideEffect: z.enum(['read', 'write']),
    risk: z.nullable(z.enum(RISKS)),
    gradeSource: z.enum(GRADE_SOURCES),
    form: z.boolean(),
    problem: z.nullable(z.string().check(z.maxLength(500))),
  }),
).check(z.maxLength(50));
type Rows = z.infer<typeof Rows>;

export function DeclaredTools({ tabId }: { tabId: number }) {
  const [rows, setRows] = useState<Rows>([]);
  useEffect(() => {
    const load = () =>
      void toTab<{ declaredTools?: unknown }>(tabId, { type: 'page.info' }).then((r) => setRows((r.ok && Rows.safeParse(r.declaredTools ?? []).data) || []));
    load();
    const onUpdated = (id: number, change: chrome.tabs.OnUpdatedInfo) => id === tabId && change.status === 'complete' && setTimeout(load, 300);
    chrome.tabs.onUpdated.addListener(onUpdated);
    return () => chrome.tabs.onUpdated.removeListener(onUpdated);
  }, [tabId]);
  if (!rows.length) return null;
  return (
    <section class="declared-tools" aria-label={t('declaredToolsTitle')}>
      <h3>{t('declaredToolsTitle')}</h3>
      <p class="meta">{t('declaredToolsIntro')}</p>
      <ul class="capabilities">
        {rows.map((r) => (
          <li class="cap declared-tool" data-tool={r.pageName} data-effect={r.sideEffect} data-risk={r.risk ?? ''} data-source={r.gradeSource} data-usable={r.tool ? 'yes' : 'no'}>
            <strong>{r.pageName}</strong> <span class="badge">{r.sideEffect === 'read' ? t('declaredReadOnly') : r.form ? t('declaredFillsForm') : t(`risk_${r.risk ?? 'high'}`)}</span>{' '}
            <span class="meta">{t(`declaredSource_${r.gradeSource}`)}</span>
            {!r.tool && (
              <details class="tech">
                <summary>{t('declaredNotUsable')}</summary>
                {r.problem}
              </details>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
