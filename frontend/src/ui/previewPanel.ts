import type { PreviewView } from '../types';
import { consoleCells, consoleTable } from './consoleTable';
import { h, replaceChildren } from './dom';

const STOPPED: Record<string, string> = {
  batches: 'as many batches as asked for wrote rows',
  time: 'the time ran out',
  ended: 'the trigger ran its last batch',
  failed: 'the query failed',
};

/**
 * A preview's result as the create form shows it: why it stopped, then each batch that wrote
 * rows as the console sink prints it (its batch id, the output's columns as the header), and the
 * failure that stopped it, if one did.
 */
export function renderPreview(panel: HTMLElement, preview: PreviewView): void {
  const columns = preview.columns.map((c) => c.name);
  const batches = preview.batches.map((batch) => h('div', { class: 'preview-batch', 'data-batch': batch.batchId },
    h('h3', {}, `Batch ${batch.batchId}`, batch.omittedRows > 0 ? ` (first ${batch.rows.length} of ${batch.numRows} rows)` : ''),
    consoleTable(columns, batch.rows.map((row) => h('tr', {}, ...consoleCells(columns, row))))));
  replaceChildren(panel,
    h('p', { class: 'preview-summary', 'data-stopped-by': preview.stoppedBy },
      `${preview.batches.length} of ${preview.batchesRun} batches wrote rows; stopped because ${STOPPED[preview.stoppedBy] ?? preview.stoppedBy}. `
      + 'Nothing was created or saved.'),
    h('p', { class: 'hint' }, `Columns: ${preview.columns.map((c) => `${c.name} ${c.type}`).join(', ')}`),
    preview.failure ? h('p', { class: 'preview-failure', 'data-error-class': preview.failure.errorClass ?? '' },
      h('strong', {}, preview.failure.errorClass ?? 'Failed'), ' ', preview.failure.message ?? '') : null,
    ...batches);
}
