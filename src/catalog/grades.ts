/**
 * The catalog's grades (effect, risk, required role) as plain data, read off the tool
 * definitions themselves — the only place a grade is written. For contexts that must not load
 * DOM code (the service worker checks prepared calls against it; options lists the roles), the
 * extension build puts the same data, computed at build time, in place of this module
 * (vite.config.ts, scripts/input-schemas.ts `gradesAlias`).
 */
import { defaultSettings } from '../settings/schema.ts';
import { Registry } from '../tools/registry.ts';
import type { Risk, SideEffect } from '../tools/types.ts';
import { registerCatalog } from './index.ts';

export interface Grade {
  sideEffect: SideEffect;
  risk?: Risk;
  requiredRole?: string;
}

/** Every catalog tool's grade, from its definition (registration touches no page). */
export function catalogGrades(): Record<string, Grade> {
  const registry = new Registry();
  const noPage = () => {
    throw new Error('grades are read without a page');
  };
  registerCatalog(registry, { settings: defaultSettings, model: noPage, fetch, origin: () => 'http://127.0.0.1' });
  return Object.fromEntries(
    registry.names().map((name) => {
      const t = registry.definition(name)!;
      return [name, { sideEffect: t.sideEffect, ...(t.risk ? { risk: t.risk } : {}), ...(t.requiredRole ? { requiredRole: t.requiredRole } : {}) }];
    }),
  );
}

export const GRADES: Readonly<Record<string, Grade>> = catalogGrades();
