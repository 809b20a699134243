/**
 * The JSON shapes of the REST API and the WebSocket, by the names the dashboard uses. Every shape
 * comes from the service's OpenAPI document (openapi.json, a copy of /v3/api-docs kept equal to
 * it by the service's ApiDocumentationTest), turned into TypeScript by openapi-typescript in
 * `npm run generate`; nothing here is written by hand but the names. A live message is checked
 * against the same document by the validator Ajv compiles from it there.
 */
import validateLiveMessage from './generated/liveMessage';
import type { components } from './generated/openapi';

type Schemas = components['schemas'];

export type QueryView = Schemas['QueryView'];
export type QueryState = QueryView['state'];
export type QueryStatus = Schemas['QueryStatus'];
export type Failure = Schemas['Failure'];
/** The next attempt of a RESTARTING query's restart strategy. */
export type PendingRestart = Schemas['PendingRestart'];
export type QuerySpec = Schemas['QuerySpec'];
export type ProgressView = Schemas['ProgressView'];
export type StateOperator = Schemas['StateOperatorProgress'];
export type RecentBatch = Schemas['RecentBatch'];
/** A query on both engines: how their outputs compare, batch by batch. */
export type EngineComparison = Schemas['EngineComparison'];
export type EngineDifference = Schemas['EngineDifference'];
export type Row = RecentBatch['rows'][number];
/**
 * An RFC 9457 problem as the service answers a refused request, or as the dashboard makes one
 * itself (the service unreachable, a body that is not a problem): any member may be absent.
 */
export type Problem = Partial<Schemas['Problem']>;
export type Access = Schemas['Access'];

export type StreamView = Schemas['StreamView'];
/** A stream as POST /api/streams creates it: its name, columns, partitions, key field and retention. */
export type StreamSpec = Schemas['StreamSpec'];
/** Where a query keeps its checkpoint, and the last batch it committed, read from disk. */
export type CheckpointView = Schemas['Checkpoint'];
export type StreamColumn = Schemas['Column'];
export type StreamReader = Schemas['ReaderView'];
export type Retention = Schemas['RetentionView'];
/** The answer to a post of events: how many, and the offsets each partition gave them. */
export type IngestResult = Schemas['IngestResult'];

/** A function of the engine, by name, with its kind (GET /api/sql/functions). */
export type SqlFunction = Schemas['SqlFunctionView'];
/** A table of a spec in SQL with its columns (POST /api/sql/tables). */
export type SqlTable = Schemas['SqlTableView'];
/** What a preview showed (POST /api/queries/preview). */
export type PreviewView = Schemas['PreviewView'];
/** The graph of streams, queries and outside sources and sinks, with who reads and writes what. */
export type PipelineGraph = Schemas['PipelineGraph'];
export type GraphNode = Schemas['GraphNode'];
export type GraphEdge = Schemas['GraphEdge'];

export type LiveMessage = Schemas['LiveMessage'];
export type SnapshotMessage = Schemas['SnapshotMessage'];
export type BatchMessage = Schemas['BatchMessage'];
export type ProgressMessage = Schemas['ProgressMessage'];
export type StatusMessage = Schemas['StatusMessage'];
export type DroppedMessage = Schemas['DroppedMessage'];
export type ComparisonMessage = Schemas['ComparisonMessage'];
/** A query's state as the live feed tells it: the API's states, and DELETED once it is gone. */
export type LiveState = StatusMessage['state'];

/** The output modes the results chart knows; the spec's outputMode is any string the service accepted. */
export type OutputMode = 'append' | 'update' | 'complete';

/** A WebSocket text frame as read: one of the live feed's messages, or why it is not one. */
export type LiveFrame = { message: LiveMessage } | { invalid: string };

/**
 * Reads a WebSocket text frame, checking it against the OpenAPI document's schema of the live
 * messages (compiled by Ajv at build time, `npm run generate`): a frame that is not JSON, or not
 * a message as the document says, is refused with the first thing that is wrong and where.
 */
export function parseLiveMessage(text: string): LiveFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { invalid: `not JSON (${(e as Error).message})` };
  }
  if (validateLiveMessage(value)) return { message: value as LiveMessage };
  const error = validateLiveMessage.errors?.[0];
  return { invalid: error ? `${error.instancePath || 'the message'} ${error.message ?? 'is not valid'}` : 'not a live message' };
}

/** One store of a stateful operator, as the state endpoint lists it. */
export type StateStoreView = Schemas['StateOperatorView'];
/** A page of an operator's state rows. */
export type StateRowsView = Schemas['StateRowsView'];
