import type { QuerySpec } from '../types';

/**
 * The parts of a spec in SQL as the create form shows them side by side: the statement, its
 * tables, the sink (each in an editor of its own), and the name, output mode, trigger and
 * checkpoint (form fields). The rest of the spec (engine, conf, restart) is kept as it is.
 */
export type SpecPart = 'sql' | 'tables' | 'sink' | 'name' | 'outputMode' | 'trigger' | 'checkpointLocation' | 'other';

const FIELDS: readonly SpecPart[] = ['sql', 'tables', 'sink', 'name', 'outputMode', 'trigger', 'checkpointLocation'];

/** The part a problem's JSON pointer names, and the pointer inside that part's own text. */
export function partOf(pointer: string): { part: SpecPart; rest: string } {
  const [, first = '', ...rest] = pointer.split('/');
  const part = FIELDS.find((f) => f === first) ?? 'other';
  return { part, rest: part === 'other' ? pointer : rest.length > 0 ? `/${rest.join('/')}` : '' };
}

/** Whether a spec as written is one the SQL form can show: an object with sql, or with neither source nor steps. */
export function isSqlSpec(value: unknown): value is QuerySpec {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return 'sql' in value || (!('source' in value) && !('steps' in value));
}

/** The trigger as the form's two fields pick it: a kind, and for processingTime and realTime its interval. */
export interface TriggerChoice {
  kind: 'default' | 'processingTime' | 'availableNow' | 'once' | 'realTime';
  interval: string;
}

export function triggerChoiceOf(trigger: QuerySpec['trigger'] | undefined): TriggerChoice {
  if (trigger?.processingTime !== undefined && trigger.processingTime !== null) {
    return { kind: 'processingTime', interval: trigger.processingTime };
  }
  if (trigger?.realTime !== undefined && trigger.realTime !== null) {
    return { kind: 'realTime', interval: trigger.realTime };
  }
  if (trigger?.availableNow) return { kind: 'availableNow', interval: '' };
  if (trigger?.once) return { kind: 'once', interval: '' };
  return { kind: 'default', interval: '' };
}

/** The spec's trigger for a choice; undefined for the default (as fast as possible). */
/** Whether a kind of trigger takes an interval (processingTime's, realTime's checkpoint interval). */
export function takesInterval(kind: string): boolean {
  return kind === 'processingTime' || kind === 'realTime';
}

export function triggerOf(choice: TriggerChoice): QuerySpec['trigger'] | undefined {
  switch (choice.kind) {
    case 'processingTime': return { processingTime: choice.interval };
    case 'realTime': return { realTime: choice.interval };
    case 'availableNow': return { availableNow: true };
    case 'once': return { once: true };
    default: return undefined;
  }
}
