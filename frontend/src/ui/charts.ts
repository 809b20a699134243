import * as echarts from 'echarts/core';
import { CustomChart, LineChart } from 'echarts/charts';
import {
  GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { CustomSeriesRenderItem } from 'echarts';
import { timeOfDay } from '../format';
import type { WindowBar } from '../results';
import type { EventTimeMarkers } from '../timeline';
import type { ProgressView } from '../types';

echarts.use([CustomChart, LineChart, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent,
  TooltipComponent, CanvasRenderer]);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const PALETTE = ['#1f8fc9', '#f08c2e', '#3aa57a', '#9a6bd1', '#d9534f', '#6c7a89'];
const WATERMARK_COLOR = '#d64545';
const MAX_EVENT_COLOR = '#6b57c9';
const TEXT = '#51606f';
const GRID_LINE = '#e8edf2';

/** An ECharts instance that follows its container's size; dispose() when the view goes. */
export class Chart {
  readonly chart: echarts.ECharts;
  private readonly observer: ResizeObserver;

  /** @param onResize called after each resize, with the new width: a chart whose option depends on it draws again */
  constructor(readonly element: HTMLElement, onResize: (width: number) => void = () => {}) {
    this.chart = echarts.init(element, undefined, { renderer: 'canvas' });
    this.observer = new ResizeObserver(() => {
      this.chart.resize();
      onResize(element.clientWidth);
    });
    this.observer.observe(element);
  }

  dispose(): void {
    this.observer.disconnect();
    this.chart.dispose();
  }
}

/**
 * How the watermark and max-event-time lines are labelled: `always` with their names and times at
 * the top of the chart, or `hover` only (a narrow chart, a phone's, where the two labels and the
 * legend would overlap; the key above the chart and the KPIs name them).
 */
export type MarkerLabels = 'always' | 'hover';

/** The narrowest chart, in CSS pixels, whose marker labels are always shown. */
export const MARKER_LABELS_MIN_WIDTH = 560;

/** The marker labels for a chart `width` pixels wide. */
export function markerLabelsFor(width: number): MarkerLabels {
  return width >= MARKER_LABELS_MIN_WIDTH ? 'always' : 'hover';
}

export interface ResultsChartInput {
  bars: WindowBar[];
  groups: string[];
  measure: string | null;
  markers: EventTimeMarkers;
  mode: string;
  labels?: MarkerLabels;
}

/**
 * The results chart: a bar per window from its start to its end on an event-time axis (stacked
 * per group key), solid once final, pale and dashed while running; the watermark and the
 * highest event time seen as vertical lines, the open windows between them shaded.
 */
export function resultsOption(input: ResultsChartInput): echarts.EChartsCoreOption {
  const { bars, groups, measure, markers } = input;
  // Sliding windows overlap: each bar takes the slide (distance between window starts) at most.
  const starts = [...new Set(bars.map((b) => b.start))].sort((a, b) => a - b);
  let slide = Number.POSITIVE_INFINITY;
  for (let i = 1; i < starts.length; i++) slide = Math.min(slide, (starts[i] ?? 0) - (starts[i - 1] ?? 0));
  const stackBase = new Map<number, number>();
  const perGroup = new Map<string, (number | string)[][]>();
  for (const g of groups) perGroup.set(g, []);
  for (const bar of bars) {
    const value = measure === null ? 0 : bar.values[measure] ?? 0;
    const base = stackBase.get(bar.start) ?? 0;
    stackBase.set(bar.start, base + value);
    const drawnEnd = Math.min(bar.end, bar.start + slide);
    perGroup.get(bar.group)?.push([bar.start, drawnEnd, base, base + value, bar.finalized ? 1 : 0, bar.end, value]);
  }
  const lastFinalEnd = bars.filter((b) => b.finalized).reduce((m, b) => Math.max(m, b.end), Number.NEGATIVE_INFINITY);
  const times = bars.flatMap((b) => [b.start, b.end]);
  if (markers.watermark !== null) times.push(markers.watermark);
  if (markers.maxEventTime !== null) times.push(markers.maxEventTime);
  const markerSeries = markersSeries(markers, lastFinalEnd, input.labels ?? 'always');

  const renderBar = (color: string): CustomSeriesRenderItem => (_params, api) => {
    const start = Number(api.value(0));
    const end = Number(api.value(1));
    const base = Number(api.value(2));
    const top = Number(api.value(3));
    const finalized = Number(api.value(4)) === 1;
    const topLeft = api.coord([start, top]) as number[];
    const bottomRight = api.coord([end, base]) as number[];
    const x0 = topLeft[0] ?? 0;
    const x1 = bottomRight[0] ?? 0;
    const gap = Math.min(2, (x1 - x0) * 0.08);
    return {
      type: 'rect',
      shape: { x: x0 + gap, y: topLeft[1] ?? 0, width: Math.max(1, x1 - x0 - 2 * gap), height: (bottomRight[1] ?? 0) - (topLeft[1] ?? 0) },
      style: finalized
        ? { fill: color, stroke: color, lineWidth: 0 }
        : { fill: color, opacity: 0.3, stroke: color, lineWidth: 1.5, lineDash: [4, 3] },
    };
  };

  const series: object[] = groups.map((group, i) => {
    const color = PALETTE[i % PALETTE.length] ?? '#1f8fc9';
    return {
      type: 'custom',
      name: group === '' ? (measure ?? 'value') : group,
      renderItem: renderBar(color),
      encode: { x: [0, 1], y: [2, 3], tooltip: [6] },
      itemStyle: { color },
      data: perGroup.get(group) ?? [],
      animation: false,
      clip: true,
    };
  });
  series.push(markerSeries);

  return {
    animation: false,
    grid: { left: 48, right: 20, top: groups.length > 1 ? 58 : input.labels === 'hover' ? 24 : 44, bottom: 28 },
    legend: groups.length > 1 ? { top: 0, data: groups, textStyle: { color: TEXT } } : { show: false },
    tooltip: {
      trigger: 'item',
      formatter: (p: { data?: unknown; seriesName?: string }) => {
        const d = p.data as number[] | undefined;
        if (!Array.isArray(d)) return '';
        const state = d[4] === 1 ? 'final' : 'running';
        return `${timeOfDay(d[0])} – ${timeOfDay(d[5])} UTC<br/>${escapeHtml(p.seriesName ?? '')}: <b>${d[6]}</b> (${state})`;
      },
    },
    xAxis: timeAxis(times),
    yAxis: { type: 'value', axisLabel: { color: TEXT }, splitLine: { lineStyle: { color: GRID_LINE } }, minInterval: 1 },
    series,
  };
}

/**
 * The watermark and the highest event time seen as vertical lines, and the span between the last
 * final end and the highest event time shaded as open. They ride on a series of their own, so
 * that they show before the first window does. With `hover` labels a line's label shows only
 * while the pointer is on it, and the open span is not named.
 */
export function markersSeries(markers: EventTimeMarkers, lastFinalEnd: number, labels: MarkerLabels = 'always'): object {
  const always = labels === 'always';
  const line = (at: number, name: string, color: string, type: string, distance: number) => {
    const label = { formatter: `${name} ${timeOfDay(at)}`, color, position: 'end', align: 'right', distance, fontWeight: 600 };
    return {
      xAxis: at, name, lineStyle: { color, type, width: 2 },
      label: always ? label : { ...label, show: false, position: 'insideEndTop', align: 'left', distance: 4 },
      emphasis: { label: { show: true }, lineStyle: { width: always ? 2 : 3 } },
    };
  };
  const markLineData: object[] = [];
  if (markers.watermark !== null) markLineData.push(line(markers.watermark, 'watermark', WATERMARK_COLOR, 'solid', 4));
  if (markers.maxEventTime !== null) markLineData.push(line(markers.maxEventTime, 'max event time', MAX_EVENT_COLOR, 'dashed', 19));
  const openFrom = Math.max(lastFinalEnd, markers.watermark ?? Number.NEGATIVE_INFINITY);
  const markAreaData = markers.maxEventTime !== null && Number.isFinite(openFrom) && markers.maxEventTime > openFrom
    ? [[{ xAxis: openFrom, name: always ? 'open' : '' }, { xAxis: markers.maxEventTime }]]
    : [];

  return {
    type: 'line', name: 'markers', data: [], silent: true, showSymbol: false,
    // Hover labels need the lines to hear the pointer.
    markLine: { symbol: ['none', 'none'], silent: always, animation: false, data: markLineData },
    markArea: { silent: true, itemStyle: { color: 'rgba(107, 87, 201, 0.08)' }, label: { color: MAX_EVENT_COLOR, fontSize: 11, position: 'insideTop' },
      data: markAreaData },
  };
}

/** The event-time axis from the earliest to the latest of `times`, padded. */
function timeAxis(times: number[]): object {
  const min = times.length ? Math.min(...times) : undefined;
  const max = times.length ? Math.max(...times) : undefined;
  const range = min !== undefined && max !== undefined ? max - min : 0;
  const pad = Math.max(1000, range * 0.03);
  const padRight = Math.max(1000, range * 0.05);
  return {
    type: 'time', min: min === undefined ? undefined : min - pad, max: max === undefined ? undefined : max + padRight,
    axisLabel: { color: TEXT, formatter: (v: number) => timeOfDay(v), hideOverlap: true },
    axisLine: { lineStyle: { color: '#b8c2cc' } }, splitLine: { show: false },
  };
}

export interface SessionsChartInput {
  bars: WindowBar[];
  /** The keys beside the session window, one lane each. */
  groups: string[];
  /** The grouping key columns, for the lanes' names. */
  groupColumns: string[];
  measure: string | null;
  markers: EventTimeMarkers;
  labels?: MarkerLabels;
}

/**
 * The sessions chart: a lane per key, a bar per session from its start to its end on the
 * event-time axis (as wide as the session, the aggregate written in it), solid once final, pale
 * and dashed while it may still grow; the watermark and the highest event time as in the
 * results chart.
 */
export function sessionsOption(input: SessionsChartInput): echarts.EChartsCoreOption {
  const { bars, groups, groupColumns, measure, markers } = input;
  // The first key's lane on top: a category axis counts from the bottom.
  const lane = new Map(groups.map((g, i) => [g, i]));
  const data = bars.map((bar) => {
    const index = lane.get(bar.group) ?? 0;
    return [bar.start, bar.end, groups.length - 1 - index, bar.finalized ? 1 : 0,
      measure === null ? '' : bar.values[measure] ?? '', bar.group, index];
  });
  const lastFinalEnd = bars.filter((b) => b.finalized).reduce((m, b) => Math.max(m, b.end), Number.NEGATIVE_INFINITY);
  const times = bars.flatMap((b) => [b.start, b.end]);
  if (markers.watermark !== null) times.push(markers.watermark);
  if (markers.maxEventTime !== null) times.push(markers.maxEventTime);
  const laneName = (group: string) => (groupColumns.length === 1 ? `${groupColumns[0]} ${group}` : group);

  const renderSession: CustomSeriesRenderItem = (_params, api) => {
    const laneIndex = Number(api.value(2));
    const start = api.coord([Number(api.value(0)), laneIndex]) as number[];
    const end = api.coord([Number(api.value(1)), laneIndex]) as number[];
    const height = (api.size?.([0, 1]) as number[] | undefined)?.[1] ?? 20;
    const barHeight = Math.max(6, Math.min(28, height * 0.6));
    const color = PALETTE[Number(api.value(6)) % PALETTE.length] ?? '#1f8fc9';
    const finalized = Number(api.value(3)) === 1;
    const x0 = start[0] ?? 0;
    const width = Math.max(2, (end[0] ?? 0) - x0 - 1);
    const y = (start[1] ?? 0) - barHeight / 2;
    return {
      type: 'group',
      children: [
        { type: 'rect', shape: { x: x0, y, width, height: barHeight, r: 3 },
          style: finalized ? { fill: color } : { fill: color, opacity: 0.3, stroke: color, lineWidth: 1.5, lineDash: [4, 3] } },
        { type: 'text', style: { text: String(api.value(4)), x: x0 + 4, y: y + barHeight / 2, verticalAlign: 'middle',
          fill: finalized ? '#fff' : TEXT, fontSize: 11, width: Math.max(0, width - 6), overflow: 'truncate' } },
      ],
    };
  };

  return {
    animation: false,
    grid: { left: 70, right: 20, top: 30, bottom: 28 },
    legend: { show: false },
    tooltip: {
      trigger: 'item',
      formatter: (p: { data?: unknown }) => {
        const d = p.data as (number | string)[] | undefined;
        if (!Array.isArray(d)) return '';
        const state = d[3] === 1 ? 'final' : 'may still grow';
        return `${escapeHtml(laneName(String(d[5])))}: session ${timeOfDay(Number(d[0]))} – ${timeOfDay(Number(d[1]))} UTC<br/>`
          + `${escapeHtml(measure ?? '')}: <b>${escapeHtml(String(d[4]))}</b> (${state})`;
      },
    },
    xAxis: timeAxis(times),
    yAxis: { type: 'category', data: groups.map(laneName).reverse(), axisLabel: { color: TEXT },
      axisTick: { show: false }, splitLine: { show: true, lineStyle: { color: GRID_LINE } } },
    series: [
      { type: 'custom', name: 'sessions', renderItem: renderSession, encode: { x: [0, 1], y: 2 }, data, animation: false, clip: true },
      markersSeries(markers, lastFinalEnd, input.labels ?? 'always'),
    ],
  };
}

export interface ProgressChartSpec {
  title: string;
  unit: string;
  lines: { name: string; color: string; value: (p: ProgressView) => number | null }[];
  /** A log axis, for lines of different magnitudes (input vs processed rate). */
  log?: boolean;
}

/** A small line chart of one progress metric per batch, batch id on the x axis. */
export function progressOption(spec: ProgressChartSpec, progress: ProgressView[]): echarts.EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 44, right: 10, top: spec.lines.length > 1 ? 26 : 12, bottom: 22 },
    legend: spec.lines.length > 1 ? { top: 0, itemWidth: 14, itemHeight: 8, textStyle: { color: TEXT, fontSize: 11 } } : { show: false },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${Math.round(v * 10) / 10} ${spec.unit}` : '–') },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { color: TEXT, fontSize: 10 }, splitLine: { show: false },
      min: 'dataMin', max: 'dataMax' },
    yAxis: spec.log
      ? { type: 'log', min: 1, logBase: 10, axisLabel: { color: TEXT, fontSize: 10 }, splitLine: { lineStyle: { color: GRID_LINE } } }
      : { type: 'value', axisLabel: { color: TEXT, fontSize: 10 }, splitLine: { lineStyle: { color: GRID_LINE } }, minInterval: 1 },
    series: spec.lines.map((line) => ({
      type: 'line', name: line.name, showSymbol: progress.length < 3, symbolSize: 4, smooth: false,
      lineStyle: { width: 1.8, color: line.color }, itemStyle: { color: line.color },
      areaStyle: spec.lines.length === 1 ? { color: line.color, opacity: 0.12 } : undefined,
      data: progress.map((p) => {
        const v = line.value(p);
        return [p.batchId, spec.log && v !== null && v <= 0 ? null : v];
      }),
    })),
  };
}
