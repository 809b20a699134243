import { ProblemError } from '../api';
import { engineOf, ENGINE_LABELS } from '../engines';
import { timeOfDay } from '../format';
import { sinkTarget, sinkText } from '../sinkTarget';
import type { CheckpointView, QuerySpec, QueryView } from '../types';
import { describedTerm, h, replaceChildren } from './dom';

/** What the service shows in place of a secret option's value; a spec saved with it would send it as the value. */
const REDACTED = '*********(redacted)';

/** What the card asks of its page: to save a new definition, throwing the service's refusal. */
export interface DefinitionActions {
  save: (specText: string, resetCheckpoint: boolean) => Promise<void>;
}

export interface DefinitionCard {
  element: HTMLElement;
  /** Shows `query`'s definition and, when it keeps one, its checkpoint as last read. */
  show: (query: QueryView, checkpoint: CheckpointView | null) => void;
}

/** The sources of a spec, as `name: format` for SQL's tables or the format of its one source. */
function sourcesOf(spec: QuerySpec): string {
  if (spec.tables) return Object.entries(spec.tables).map(([name, table]) => `${name}: ${table.format}`).join(', ');
  return spec.source?.format ?? '–';
}

function triggerOf(spec: QuerySpec): string {
  const trigger = spec.trigger as Record<string, unknown> | undefined;
  if (!trigger || Object.keys(trigger).length === 0) return 'as soon as the last batch ends';
  return Object.entries(trigger).map(([kind, value]) => (value === true ? kind : `${kind} ${String(value)}`)).join(', ');
}

/** The last batch a checkpoint committed, in words; null when it committed none. */
export function lastCommittedText(checkpoint: CheckpointView | null): string | null {
  const last = checkpoint?.lastCommitted;
  if (!last) return null;
  const watermark = Date.parse(last.watermark);
  return `batch #${last.batchId} at ${timeOfDay(Date.parse(last.timestamp))} UTC`
    + (watermark > 0 ? `, next watermark ${timeOfDay(watermark)} UTC` : '');
}

/**
 * The query's definition: what it reads, where it writes, its checkpoint (and the last batch it
 * committed, read from disk, which a query restored after a restart of the service goes on from),
 * the spec itself, and an editor that replaces it (PUT /api/queries/{id}). A change the checkpoint
 * does not allow is refused by the service with Spark's rule, shown under the editor; starting
 * afresh deletes the checkpoint.
 */
export function definitionCard(actions: DefinitionActions): DefinitionCard {
  const facts = h('dl', { class: 'definition-facts' });
  const specText = h('pre', { class: 'spec-json', 'data-spec': '' });
  const editButton = h('button', { class: 'btn btn-small', 'data-action': 'edit-definition', disabled: true }, 'Edit');
  const textarea = h('textarea', { class: 'spec-edit', 'data-edit-spec': '', rows: 16, spellcheck: 'false',
    'aria-label': 'The query\'s spec' });
  const reset = h('input', { type: 'checkbox', 'data-reset-checkpoint': '' });
  const resetLabel = h('label', { class: 'reset-label' }, reset,
    ' start afresh: delete the checkpoint (for a change it does not allow)');
  const saveButton = h('button', { class: 'btn btn-primary', 'data-action': 'save-definition' }, 'Save and restart');
  const cancelButton = h('button', { class: 'btn', 'data-action': 'cancel-edit' }, 'Cancel');
  const problem = h('p', { class: 'notice', role: 'alert', 'data-edit-problem': '', hidden: true });
  const secretsHint = h('p', { class: 'hint', hidden: true },
    'Secret options are shown masked: type their values again, or the masked text is saved as the value.');
  const editor = h('div', { class: 'definition-editor', hidden: true },
    h('p', { class: 'hint' }, 'The same id, name and checkpoint: an active query restarts on the new definition, '
      + 'from its checkpoint when Spark\'s rules on changes between restarts allow it; a stopped one stays stopped.'),
    textarea, secretsHint, resetLabel, problem, h('div', { class: 'actions' }, saveButton, cancelButton));
  const element = h('section', { class: 'card', 'data-card': 'definition' },
    h('div', { class: 'card-head' }, h('h2', {}, 'Definition'),
      h('span', { class: 'hint' }, 'the spec the query runs, its sink and checkpoint'), editButton),
    facts, editor, h('details', { class: 'spec-details' }, h('summary', {}, 'Spec'), specText));

  let shown: QueryView | null = null;
  editButton.addEventListener('click', () => {
    if (!shown) return;
    textarea.value = JSON.stringify(shown.spec, null, 2);
    secretsHint.hidden = !textarea.value.includes(REDACTED);
    reset.checked = false;
    problem.hidden = true;
    editor.hidden = false;
    editButton.disabled = true;
    textarea.focus();
  });
  cancelButton.addEventListener('click', () => {
    editor.hidden = true;
    editButton.disabled = shown === null;
  });
  saveButton.addEventListener('click', () => void (async () => {
    saveButton.disabled = true;
    problem.hidden = true;
    try {
      await actions.save(textarea.value, reset.checked);
      editor.hidden = true;
      editButton.disabled = false;
    } catch (e) {
      const p = e instanceof ProblemError ? e.problem : null;
      problem.textContent = p ? `${p.detail ?? p.title ?? 'Refused'}${p.pointer ? ` (at ${p.pointer})` : ''}` : String(e);
      problem.dataset.status = String(p?.status ?? '');
      problem.hidden = false;
    } finally {
      saveButton.disabled = false;
    }
  })());

  function show(query: QueryView, checkpoint: CheckpointView | null): void {
    shown = query;
    if (editor.hidden) editButton.disabled = false;
    saveButton.textContent = query.state === 'STOPPED' ? 'Save' : 'Save and restart';
    const spec = query.spec;
    const sink = sinkTarget(spec, []);
    const fact = (key: string, label: string, value: string) => [describedTerm('fact', key, label, value)];
    const location = spec.checkpointLocation;
    replaceChildren(facts,
      ...fact('engine', 'Engine', ENGINE_LABELS[engineOf(spec)]),
      ...fact('sources', spec.tables ? 'Tables' : 'Source', sourcesOf(spec)),
      ...fact('sink', 'Sink', sink ? sinkText(sink) : '–'),
      ...fact('output-mode', 'Output mode', spec.outputMode ?? 'append'),
      ...fact('trigger', 'Trigger', triggerOf(spec)),
      ...fact('checkpoint', 'Checkpoint', location ?? 'none: each run starts afresh'),
      ...(location ? fact('last-committed', 'Last committed', lastCommittedText(checkpoint) ?? 'no batch yet') : []));
    specText.textContent = JSON.stringify(spec, null, 2);
  }

  return { element, show };
}
