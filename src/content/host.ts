/**
 * The content script owns THE registry: the catalog, the gates, the executor. Prepared
 * calls go to the service worker's ledger; audit records are batched to it.
 */
import type { CatalogDeps } from '../catalog/deps.ts';
import { registerCatalog } from '../catalog/index.ts';
import { KbProviderList } from '../kb/config.ts';
import { contentKbDeps, kbAwareFetch } from './kb.ts';
import { generateInWorker } from './generate.ts';
import { BUILTIN_PROFILES } from '../profiles/index.ts';
import { PageModel } from '../page/model.ts';
import { z } from '../tools/zod.ts';
import { ConsoleProfile, type LoadedProfile, type SetAsideProfile } from '../profiles/schema.ts';
import { profileTooSlow } from '../profiles/pattern.ts';
import { problem } from '../tools/problems.ts';
import type { Settings } from '../settings/schema.ts';
import type { AuditRecord, AuditSubject } from '../tools/audit.ts';
import { auditSubject } from '../page/facts.ts';
import { createToolCore } from '../tools/index.ts';
import type { Caller, InvokeCtx, PreparedCall } from '../tools/types.ts';
import { toBackground } from '../messages/client.ts';
import { announceLeaving } from './next-page.ts';
import { isCarrying } from './carry.ts';
import { CameFromSchema } from '../messages/came-from.ts';
import { watchDeclared, type DeclaredSync } from './declared.ts';

export interface Host {
  core: ReturnType<typeof createToolCore>;
  model: PageModel;
  /** What the catalog's tools were given (the next page's check uses the same). */
  deps: CatalogDeps;
  settings(): Settings;
  ctx(caller: Caller, extra?: Partial<InvokeCtx>): InvokeCtx;
  /** Asks the worker for this origin's taught and admin profiles (at start and on profiles.changed). */
  refreshProfiles(): Promise<void>;
  /** Registers the console's declared tools (WebMCP) and keeps them in step; a no-op without `document.modelContext`. */
  startDeclared(): Promise<void>;
}

const LoadedProfiles = z.lazy(() => z.array(z.strictObject({ profile: ConsoleProfile, source: z.enum(['taught', 'managed']) })).check(z.maxLength(50)));
/** Stored profiles the worker did not hand over, and why (the worker's `setAsideFor`). */
const SetAsideList = z.lazy(() => z.array(
  z.object({
    source: z.enum(['taught', 'managed']),
    id: z.nullable(z.string().check(z.maxLength(64))),
    problems: z.array(z.object({ path: z.string().check(z.maxLength(300)), code: z.string().check(z.maxLength(60)), params: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(5)), detail: z.string().check(z.maxLength(500)) })).check(z.maxLength(10)),
  }),
).check(z.maxLength(50)));

export function createHost(getSettings: () => Settings, tabId: () => number | undefined): Host {
  // Read once: a document's origin never changes, and each isolated-world read of location costs.
  const origin = location.origin;
  const pendingAudit: AuditRecord[] = [];
  let flushScheduled = false;
  const audit = {
    write(record: AuditRecord) {
      // Each record names the conversation and customer on screen when the call ended (the
      // team lead's view); the page model has read both for the call's facets already.
      pendingAudit.push(record.subject === undefined ? { ...record, subject: subjectNow() } : record);
      if (flushScheduled) return;
      flushScheduled = true;
      // Batched: one message per burst of calls, not one per call.
      setTimeout(() => {
        flushScheduled = false;
        const records = pendingAudit.splice(0, pendingAudit.length);
        void toBackground({ type: 'audit.append', records }).catch(() => {});
      }, 50);
    },
  };
  const core = createToolCore({
    audit,
    policy: () => {
      const b = getSettings().bridge;
      return { bridgeRunsLowWrites: b.enabled && b.allowLowWrites && b.origins.includes(origin) };
    },
    onPrepared: async (call: PreparedCall) => {
      const reply = await toBackground({ type: 'ledger.add', call });
      // The worker's code travels with the error: STORAGE_FULL tells the person what to do.
      if (!reply.ok) throw Object.assign(new Error(reply.error.detail), { code: reply.error.code });
    },
  });
  // Taught and admin profiles come from the worker: content scripts never read profile storage.
  let fetched: readonly LoadedProfile[] = [];
  let setAside: SetAsideProfile[] = [];
  const model = new PageModel(document, {
    profiles: () => [...fetched, ...BUILTIN_PROFILES],
    choice: (origin) => getSettings().consoleProfiles[origin],
    agentName: () => getSettings().agentName,
    cameFrom: async () => {
      const r = await toBackground<{ record: unknown }>({ type: 'record.cameFrom' });
      return r.ok ? (CameFromSchema.safeParse(r.record).data ?? null) : null;
    },
  });
  const deps: CatalogDeps = {
    settings: getSettings,
    model: () => model,
    fetch: kbAwareFetch,
    origin: () => location.origin,
    ...contentKbDeps(),
    kbProfile: () => KbProviderList.safeParse(model.current().kbProviders() ?? []).data,
    // Refused on load by the worker, and those whose pattern took too long on this page.
    setAside: () => [
      ...setAside,
      ...[...fetched, ...BUILTIN_PROFILES].filter((l) => profileTooSlow(l.profile)).map((l) => ({ source: l.source, id: l.profile.id, problems: [problem('', 'too_slow_here', 'a pattern of this profile took too long on this page; generic reading is used')] })),
    ],
    leaving: announceLeaving,
    carried: isCarrying,
    generate: generateInWorker,
  };
  let declared: DeclaredSync | null = null;
  deps.declared = () => declared?.report() ?? null;
  registerCatalog(core.registry, deps);
  const subjectNow = (): AuditSubject | null => {
    try {
      return auditSubject(model.current());
    } catch {
      return null;
    }
  };
  return {
    core,
    model,
    deps,
    settings: getSettings,
    async startDeclared() {
      declared ??= watchDeclared(core.registry, model);
      await declared?.sync();
    },
    async refreshProfiles() {
      const r = await toBackground<{ profiles: unknown; setAside: unknown }>({ type: 'profiles.get' });
      const parsed = r.ok ? LoadedProfiles.safeParse(r.profiles) : null;
      if (!parsed?.success) return;
      fetched = parsed.data;
      setAside = (r.ok && SetAsideList.safeParse(r.setAside).data) || [];
      model.invalidate(true);
      // A profile may grade the console's declared tools: grade them again (a card prepared under the old grade goes stale).
      await declared?.sync();
    },
    ctx(caller, extra = {}) {
      const s = getSettings();
      const id = tabId();
      return {
        caller,
        facets: model.current().facets(),
        features: s.features,
        roles: s.roles,
        binding: { origin, ...(id !== undefined ? { tabId: id } : {}) },
        ...extra,
      };
    },
  };
}
