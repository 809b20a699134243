import TEMPLATE_DATA from './templates.json';
import type { QuerySpec } from './types';

/**
 * A starting point for the create form: a valid spec (docs/queries.md, "Create a query"). The templates live
 * in templates.json, which the service's DashboardTemplatesTest also reads and posts, each to a
 * started service, so that every one is known to be accepted and to run.
 */
export interface Template {
  id: string;
  label: string;
  describe: string;
  spec: (now: number) => QuerySpec;
}

interface TemplateData {
  id: string;
  label: string;
  describe: string;
  spec: Record<string, unknown>;
}

/** A short suffix from the clock, so that a template's name is free again next time. */
function suffix(now: number): string {
  return new Date(now).toISOString().slice(11, 19).replace(/:/g, '');
}

/**
 * The spec as the form shows it at `now`: the name with a suffix from the clock, and each
 * rate-micro-batch source (a join's too) starting at this minute, so that a replay's event times
 * are near the wall clock's; everything else as templates.json has it.
 */
export function instantiate(spec: Record<string, unknown>, now: number): QuerySpec {
  const copy = structuredClone(spec);
  copy.name = `${String(copy.name)}-${suffix(now)}`;
  const start = Math.floor(now / 60_000) * 60_000;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (typeof value === 'object' && value !== null) {
      const source = value as { format?: unknown; options?: Record<string, unknown> };
      if (source.format === 'rate-micro-batch' && source.options && !('startTimestamp' in source.options)) {
        source.options.startTimestamp = start;
      }
      Object.values(value).forEach(visit);
    }
  };
  visit(copy);
  return copy as unknown as QuerySpec;
}

export const TEMPLATES: Template[] = (TEMPLATE_DATA as TemplateData[]).map(({ id, label, describe, spec }) => ({
  id, label, describe, spec: (now: number) => instantiate(spec, now),
}));

export function templateText(template: Template, now: number): string {
  return JSON.stringify(template.spec(now), null, 2);
}
