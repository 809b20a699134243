import { describe, expect, it } from 'vitest';
import { edgeText, layoutGraph, nodeKind } from '../src/pipelineGraph';
import type { GraphEdge, GraphNode, PipelineGraph } from '../src/types';

const node = (id: string, kind: string, name: string, extra: Partial<GraphNode> = {}): GraphNode =>
  ({ id, kind, name, ...extra });
const edge = (from: string, to: string, kind: string, rowsPerSecond: number, extra: Partial<GraphEdge> = {}): GraphEdge =>
  ({ from, to, kind, rowsPerSecond, ...extra });

/** A posted stream, a streaming table filled from it, a query over the table, and its memory table. */
const PIPELINE: PipelineGraph = {
  nodes: [
    node('stream:big', 'stream', 'big'),
    node('query:b', 'query', 'per-minute', { state: 'ACTIVE', queryId: 'b' }),
    node('memory:per-minute', 'memory', 'per-minute'),
    node('stream:orders', 'stream', 'orders'),
    node('query:a', 'query', 'big-orders', { state: 'STOPPED', queryId: 'a' }),
  ],
  edges: [
    edge('stream:orders', 'query:a', 'reads', 12.5, { lagEvents: 0 }),
    edge('query:a', 'stream:big', 'writes', 4),
    edge('stream:big', 'query:b', 'reads', 0, { lagEvents: 1234, lagSeconds: 75 }),
    edge('query:b', 'memory:per-minute', 'writes', 0.25),
  ],
};

describe('layoutGraph', () => {
  it('puts each node right of what it reads, in one row for a chain', () => {
    const placed = layoutGraph(PIPELINE);
    const x = (id: string) => placed.nodes.find((p) => p.node.id === id)!.x;
    const order = ['stream:orders', 'query:a', 'stream:big', 'query:b', 'memory:per-minute'].map(x);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBe(5);
    const ys = new Set(placed.nodes.map((p) => Math.round(p.y)));
    expect(ys.size).toBe(1);
    expect(placed.width).toBeGreaterThan(Math.max(...order));
  });

  it('lays out two queries reading one stream side by side', () => {
    const placed = layoutGraph({
      nodes: [node('stream:s', 'stream', 's'), node('query:1', 'query', 'one'), node('query:2', 'query', 'two')],
      edges: [edge('stream:s', 'query:1', 'reads', 1), edge('stream:s', 'query:2', 'reads', 1)],
    });
    const [, one, two] = placed.nodes;
    expect(one!.x).toBe(two!.x);
    expect(one!.y).not.toBe(two!.y);
  });
});

describe('words', () => {
  it('says an edge\'s rate and a reader\'s lag', () => {
    expect(edgeText(PIPELINE.edges[0]!)).toBe('12.5 rows/s · caught up');
    expect(edgeText(PIPELINE.edges[1]!)).toBe('4.0 rows/s');
    expect(edgeText(PIPELINE.edges[2]!)).toBe('0.0 rows/s · lag 1,234 · 1 min 15 s');
    expect(edgeText(PIPELINE.edges[0]!, '\n')).toBe('12.5 rows/s\ncaught up');
  });

  it('says what a node is', () => {
    expect(nodeKind(PIPELINE.nodes[1]!)).toBe('query · active');
    expect(nodeKind(node('files:out', 'files', 'out', { detail: 'parquet files' }))).toBe('parquet files');
    expect(nodeKind(node('kafka:b/t', 'kafka', 't'))).toBe('kafka topic');
  });
});
