import { kafkaLag, type KafkaSourceLag } from '../kafkaLag';
import type { ProgressView } from '../types';
import { consoleTable } from './consoleTable';
import { h, replaceChildren } from './dom';

/** The Kafka lag card of a query's page. */
export interface KafkaLagCard {
  element: HTMLElement;
  /** Shows the lag after `latest`, the latest progress report; hides the card when it has no Kafka source. */
  draw(latest: ProgressView | undefined): void;
}

/** One Kafka source: its description and records behind, then a table of its partitions. */
function sourceLag(lag: KafkaSourceLag): HTMLElement {
  const spread = lag.maxBehind === null ? ''
    : ` · avg ${lag.avgBehind ?? '–'}, max ${lag.maxBehind}, min ${lag.minBehind ?? '–'}`;
  const rows = lag.partitions.map((p) => h('tr', { 'data-partition': `${p.topic}-${p.partition}` },
    h('td', {}, p.topic), h('td', {}, String(p.partition)),
    h('td', {}, p.endOffset === null ? '–' : String(p.endOffset)), h('td', {}, String(p.latestOffset)),
    h('td', { class: p.behind > 0 ? 'cell-behind' : '' }, String(p.behind))));
  return h('div', { class: 'kafka-source', 'data-source': String(lag.index) },
    h('p', { class: 'kafka-source-head' }, lag.description,
      h('span', { class: 'hint' }, ` ${lag.totalBehind} records behind${spread}`)),
    consoleTable(['topic', 'partition', 'read to', 'latest', 'behind'], rows));
}

/** Kafka lag: shown while the latest progress has a Kafka source, the records each partition is behind, per source. */
export function kafkaLagCard(): KafkaLagCard {
  const sources = h('div', { class: 'kafka-lag', 'data-table': 'kafka-lag' });
  const element = h('section', { class: 'card', 'data-card': 'kafka-lag', hidden: true },
    h('div', { class: 'card-head' }, h('h2', {}, 'Kafka lag'),
      h('span', { class: 'hint' }, 'records each partition is behind its latest offset, after the last batch')),
    sources);
  return {
    element,
    draw(latest: ProgressView | undefined): void {
      const lags = kafkaLag(latest);
      element.hidden = lags.length === 0;
      replaceChildren(sources, ...lags.map(sourceLag));
    },
  };
}
