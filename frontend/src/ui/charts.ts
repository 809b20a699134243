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

  constructor(readonly element: HTMLElement) {
    this.chart = echarts.init(element, undefined, { renderer: 'canvas' });
    this.observer = new ResizeObserver(() => this.chart.resize());
    this.observer.observe(element);
  }

  dispose(): void {
    this.observer.disconnect();
    this.chart.dispose();
  }
}

export interface ResultsChartInput {
  bars: WindowBar[];
  groups: string[];
  measure: string | null;
  markers: EventTimeMarkers;
  mode: string;
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
  const min = times.length ? Math.min(...times) : undefined;
  const maxT = times.length ? Math.max(...times) : undefined;
  const range = min !== undefined && maxT !== undefined ? maxT - min : 0;
  const pad = Math.max(1000, range * 0.03);
  const padRight = Math.max(1000, range * 0.05);

  const markLineData: object[] = [];
  if (markers.watermark !== null) {
    markLineData.push({ xAxis: markers.watermark, name: 'watermark', lineStyle: { color: WATERMARK_COLOR, type: 'solid', width: 2 },
      label: { formatter: `watermark ${timeOfDay(markers.watermark)}`, color: WATERMARK_COLOR, position: 'end', align: 'right', distance: 4, fontWeight: 600 } });
  }
  if (markers.maxEventTime !== null) {
    markLineData.push({ xAxis: markers.maxEventTime, name: 'max event time', lineStyle: { color: MAX_EVENT_COLOR, type: 'dashed', width: 2 },
      label: { formatter: `max event time ${timeOfDay(markers.maxEventTime)}`, color: MAX_EVENT_COLOR, position: 'end', align: 'right', distance: 19, fontWeight: 600 } });
  }
  const openFrom = Math.max(lastFinalEnd, markers.watermark ?? Number.NEGATIVE_INFINITY);
  const markAreaData = markers.maxEventTime !== null && Number.isFinite(openFrom) && markers.maxEventTime > openFrom
    ? [[{ xAxis: openFrom, name: 'open' }, { xAxis: markers.maxEventTime }]]
    : [];

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
  // Markers ride on a series of their own, so that they show before the first window does.
  series.push({
    type: 'line', name: 'markers', data: [], silent: true, showSymbol: false,
    markLine: { symbol: ['none', 'none'], silent: true, animation: false, data: markLineData },
    markArea: { silent: true, itemStyle: { color: 'rgba(107, 87, 201, 0.08)' }, label: { color: MAX_EVENT_COLOR, fontSize: 11, position: 'insideTop' },
      data: markAreaData },
  });

  return {
    animation: false,
    grid: { left: 48, right: 20, top: groups.length > 1 ? 58 : 44, bottom: 28 },
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
    xAxis: {
      type: 'time', min: min === undefined ? undefined : min - pad, max: maxT === undefined ? undefined : maxT + padRight,
      axisLabel: { color: TEXT, formatter: (v: number) => timeOfDay(v), hideOverlap: true },
      axisLine: { lineStyle: { color: '#b8c2cc' } }, splitLine: { show: false },
    },
    yAxis: { type: 'value', axisLabel: { color: TEXT }, splitLine: { lineStyle: { color: GRID_LINE } }, minInterval: 1 },
    series,
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
