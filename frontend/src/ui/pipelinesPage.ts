import * as echarts from 'echarts/core';
import { GraphChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { api } from '../api';
import { count, duration, rate } from '../format';
import { edgeText, layoutGraph, nodeKind, nodeTitle, type PlacedGraph } from '../pipelineGraph';
import type { GraphEdge, GraphNode, PipelineGraph } from '../types';
import { h, replaceChildren, stateBadge } from './dom';

// SVG rather than canvas: a graph of a few dozen boxes, whose names stay text in the page.
echarts.use([GraphChart, TooltipComponent, SVGRenderer]);

const POLL_MS = 2000;

const COLORS: Record<string, string> = {
  stream: '#1f8fc9', query: '#3aa57a', kafka: '#9a6bd1', files: '#f08c2e', generator: '#6c7a89',
};
const OTHER = '#8a97a5';
const STOPPED = '#b8c2cc';

function colorOf(node: GraphNode): string {
  if (node.kind === 'query' && node.state !== 'ACTIVE') return node.state === 'FAILED' ? '#d9534f' : STOPPED;
  return COLORS[node.kind] ?? OTHER;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The chart's option for a laid-out graph: boxes where dagre put them, arrows labelled with rate and lag. */
function option(placed: PlacedGraph, names: Map<string, string>): echarts.EChartsCoreOption {
  return {
    animation: false,
    tooltip: {
      formatter: (params: { dataType?: string; data?: { tip?: string } }) => params.data?.tip ?? '',
    },
    series: [{
      type: 'graph',
      layout: 'none',
      roam: true,
      edgeSymbol: ['none', 'arrow'],
      edgeSymbolSize: 11,
      data: placed.nodes.map((p) => ({
        id: p.node.id,
        name: p.node.id,
        x: p.x,
        y: p.y,
        symbol: p.node.kind === 'query' ? 'roundRect' : 'rect',
        symbolSize: [p.width, p.height],
        itemStyle: { color: colorOf(p.node), borderColor: '#ffffff', borderWidth: 1 },
        label: {
          show: true,
          color: '#ffffff',
          fontSize: 12,
          formatter: `{title|${nodeTitle(p.node).replace(/[{}|]/g, '')}}\n{kind|${nodeKind(p.node).replace(/[{}|]/g, '')}}`,
          rich: {
            title: { fontWeight: 'bold', fontSize: 12.5, lineHeight: 17, color: '#ffffff' },
            kind: { fontSize: 10.5, lineHeight: 14, color: '#eef3f7' },
          },
        },
        tip: `<b>${escapeHtml(p.node.name)}</b> · ${escapeHtml(nodeKind(p.node))}`
          + (p.node.detail ? `<br>${escapeHtml(p.node.detail)}` : ''),
      })),
      links: placed.edges.map((e) => ({
        source: e.from,
        target: e.to,
        label: { show: true, formatter: edgeText(e, '\n'), fontSize: 11, lineHeight: 14, color: '#51606f', position: 'middle', distance: 6 },
        lineStyle: { color: '#8596a6', width: e.rowsPerSecond > 0 ? 2.2 : 1.2, opacity: 0.9 },
        tip: `${escapeHtml(names.get(e.from) ?? e.from)} → ${escapeHtml(names.get(e.to) ?? e.to)}: ${e.kind}`
          + `<br>${escapeHtml(edgeText(e))}`,
      })),
    }],
  };
}

/** One edge as a row: who reads or writes what, the rate, and a reader's lag. */
function edgeRow(e: GraphEdge, nodes: Map<string, GraphNode>): HTMLElement {
  const label = (id: string) => {
    const node = nodes.get(id);
    if (node?.kind === 'query' && node.queryId) return h('a', { href: `#/queries/${node.queryId}` }, node.name);
    return node ? `${node.name} (${nodeKind(node)})` : id;
  };
  return h('tr', { 'data-edge-from': e.from, 'data-edge-to': e.to, 'data-kind': e.kind, 'data-rows-per-second': e.rowsPerSecond },
    h('td', {}, label(e.from)),
    h('td', {}, e.kind),
    h('td', {}, label(e.to)),
    h('td', { class: 'num' }, rate(e.rowsPerSecond)),
    h('td', { class: 'num' }, e.lagEvents === undefined ? '' : count(e.lagEvents)),
    h('td', { class: 'num' }, e.lagEvents === undefined ? '' : e.lagSeconds === undefined ? 'caught up' : duration(e.lagSeconds)));
}

/**
 * The Pipelines page: the graph of streams, queries and outside sources and sinks from
 * GET /api/graph, polled as the other lists are, drawn with ECharts' graph series where dagre
 * placed each node; a query's box opens its live view. Below, the same edges as a table.
 */
export function renderPipelinesPage(root: HTMLElement): () => void {
  const notice = h('div', { class: 'notice', role: 'alert', hidden: true });
  const empty = h('p', { class: 'empty', hidden: true },
    'Nothing runs yet. A query in SQL, CREATE STREAMING TABLE name AS SELECT ..., makes a stream that the next query reads.');
  const canvas = h('div', { class: 'pipeline-graph', 'data-graph': '' });
  const states = h('div', { class: 'pipeline-queries' });
  const body = h('tbody');
  replaceChildren(root,
    h('section', { class: 'page-head' }, h('h1', {}, 'Pipelines')),
    notice,
    h('div', { class: 'card' }, h('div', { class: 'card-head' }, h('h2', {}, 'Streams, queries and sinks'),
      h('span', { class: 'hint' }, 'rows per second over the last minute; a stream reader\'s lag')), canvas, states),
    empty,
    h('div', { class: 'card table-scroll' }, h('table', { class: 'console pipeline-edges' },
      h('thead', {}, h('tr', {}, h('th', {}, 'from'), h('th', {}, ''), h('th', {}, 'to'), h('th', { class: 'num' }, 'rows/s'),
        h('th', { class: 'num' }, 'lag (events)'), h('th', { class: 'num' }, 'lag (time)'))),
      body)));

  const chart = echarts.init(canvas, undefined, { renderer: 'svg' });
  const observer = new ResizeObserver(() => chart.resize());
  observer.observe(canvas);
  chart.on('click', (params) => {
    const id = (params.data as { id?: string } | undefined)?.id;
    if (id?.startsWith('query:')) location.hash = `#/queries/${encodeURIComponent(id.slice('query:'.length))}`;
  });

  let timer = 0;
  let disposed = false;

  function draw(graph: PipelineGraph): void {
    const placed = layoutGraph(graph);
    const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
    canvas.style.height = `${Math.max(220, Math.min(720, placed.height + 40))}px`;
    chart.resize();
    chart.setOption(option(placed, new Map(graph.nodes.map((n) => [n.id, n.name]))), { notMerge: true });
    replaceChildren(states, ...graph.nodes.filter((n) => n.kind === 'query').map((n) =>
      h('span', { class: 'pipeline-query', 'data-query-name': n.name },
        h('a', { href: `#/queries/${n.queryId ?? ''}` }, n.name), stateBadge(n.state))));
    replaceChildren(body, ...graph.edges.map((e) => edgeRow(e, nodes)));
    empty.hidden = graph.nodes.length > 0;
  }

  async function refresh(): Promise<void> {
    try {
      const graph = await api.graph();
      if (disposed) return;
      draw(graph);
      notice.hidden = true;
    } catch (e) {
      if (disposed) return;
      notice.textContent = `Cannot draw the pipelines: ${e instanceof Error ? e.message : String(e)}`;
      notice.hidden = false;
    }
    if (!disposed) timer = window.setTimeout(() => void refresh(), POLL_MS);
  }
  void refresh();
  return () => {
    disposed = true;
    window.clearTimeout(timer);
    observer.disconnect();
    chart.dispose();
  };
}
