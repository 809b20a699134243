import { describe, expect, it } from 'vitest';
import { MARKER_LABELS_MIN_WIDTH, markerLabelsFor, markersSeries, resultsOption } from '../src/ui/charts';

const MARKERS = { watermark: Date.UTC(2026, 0, 1, 10, 0, 0), maxEventTime: Date.UTC(2026, 0, 1, 10, 0, 30) };

interface MarkLine {
  silent: boolean;
  data: { name: string; label: { show?: boolean; formatter: string }; emphasis: { label: { show: boolean } } }[];
}

const markLineOf = (series: object) => (series as { markLine: MarkLine }).markLine;

describe('marker labels', () => {
  it('are always shown on a wide chart and on hover only on a phone\'s', () => {
    expect(markerLabelsFor(1200)).toBe('always');
    expect(markerLabelsFor(MARKER_LABELS_MIN_WIDTH)).toBe('always');
    expect(markerLabelsFor(MARKER_LABELS_MIN_WIDTH - 1)).toBe('hover');
    expect(markerLabelsFor(334)).toBe('hover');
  });

  it('name the watermark and the max event time with their times on a wide chart', () => {
    const markLine = markLineOf(markersSeries(MARKERS, Number.NEGATIVE_INFINITY, 'always'));
    expect(markLine.data.map((d) => d.label.formatter)).toEqual(['watermark 10:00:00', 'max event time 10:00:30']);
    expect(markLine.data.every((d) => d.label.show !== false)).toBe(true);
  });

  it('hide on a narrow chart until the pointer is on their line', () => {
    const markLine = markLineOf(markersSeries(MARKERS, Number.NEGATIVE_INFINITY, 'hover'));
    expect(markLine.data.map((d) => d.label.show)).toEqual([false, false]);
    expect(markLine.data.map((d) => d.emphasis.label.show)).toEqual([true, true]);
    expect(markLine.silent).toBe(false);
  });

  it('reach the results chart as it is asked to draw them', () => {
    const option = resultsOption({ bars: [], groups: [''], measure: null, markers: MARKERS, mode: 'append', labels: 'hover' });
    const series = (option as { series: object[] }).series;
    const markers = series[series.length - 1] ?? {};
    expect(markLineOf(markers).data.map((d) => d.label.show)).toEqual([false, false]);
  });
});
