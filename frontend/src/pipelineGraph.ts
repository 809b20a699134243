/**
 * The pipelines graph as the page draws it: the service's nodes laid out left to right by dagre
 * (a layered layout made for directed graphs: each source left of what reads it, crossings kept
 * few), with the words each node and edge shows. No DOM, no chart: the page draws what this
 * computes.
 */
import dagre from '@dagrejs/dagre';
import { count, duration, rate } from './format';
import type { GraphEdge, GraphNode, PipelineGraph } from './types';

/** A node where the layout put it: its centre, and its box. */
export interface PlacedNode {
  node: GraphNode;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedGraph {
  nodes: PlacedNode[];
  edges: GraphEdge[];
  width: number;
  height: number;
}

const NODE_HEIGHT = 44;
const CHAR_WIDTH = 7.2;
const MIN_WIDTH = 96;
const MAX_WIDTH = 260;

/** The words in a node's box: its name (a query's, a stream's, a topic's, a directory). */
export function nodeTitle(node: GraphNode): string {
  return node.name;
}

/** The line under a node's name: what kind of thing it is. */
export function nodeKind(node: GraphNode): string {
  switch (node.kind) {
    case 'stream': return 'stream';
    case 'query': return `query · ${node.state?.toLowerCase() ?? ''}`;
    case 'kafka': return 'kafka topic';
    case 'files': return node.detail ?? 'files';
    case 'generator': return 'generator';
    case 'memory': return 'memory table';
    default: return node.kind;
  }
}

/**
 * What an edge says: its rows per second, and for a stream a query reads, the query's lag, after
 * {@code separator} (a line break under an arrow).
 */
export function edgeText(edge: GraphEdge, separator = ' · '): string {
  const rows = `${rate(edge.rowsPerSecond)} rows/s`;
  if (edge.lagEvents === undefined) return rows;
  const behind = edge.lagSeconds === undefined ? 'caught up' : `lag ${count(edge.lagEvents)} · ${duration(edge.lagSeconds)}`;
  return `${rows}${separator}${behind}`;
}

function widthOf(node: GraphNode): number {
  const longest = Math.max(nodeTitle(node).length, nodeKind(node).length);
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(longest * CHAR_WIDTH) + 24));
}

/** Lays the graph out left to right: sources, then what reads them, then what they write. */
export function layoutGraph(graph: PipelineGraph): PlacedGraph {
  const g = new dagre.graphlib.Graph({ multigraph: false });
  g.setGraph({ rankdir: 'LR', nodesep: 36, ranksep: 170, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) g.setNode(node.id, { width: widthOf(node), height: NODE_HEIGHT });
  for (const edge of graph.edges) {
    if (g.hasNode(edge.from) && g.hasNode(edge.to)) g.setEdge(edge.from, edge.to, { width: 90, height: 16 });
  }
  dagre.layout(g);
  const placed = graph.nodes.map((node) => {
    const { x, y, width, height } = g.node(node.id);
    return { node, x, y, width, height };
  });
  const label = g.graph();
  return { nodes: placed, edges: graph.edges, width: label.width ?? 0, height: label.height ?? 0 };
}
