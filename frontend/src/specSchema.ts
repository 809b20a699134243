/**
 * What may be written at each place of a query spec, read from the JSON schema of `QuerySpec` in
 * the service's OpenAPI document (the checked-in copy of /v3/api-docs that the dashboard's types
 * come from): the property names an object takes (the steps, a format's options) and the values
 * a field suggests (the formats, the output modes). A schema that is one of several branches,
 * such as a source's one branch per format, offers what the branches that fit the object as
 * written offer, so a `rate` source offers the rate source's options.
 *
 * Why ours and not codemirror-json-schema (the maintained CodeMirror 6 JSON-schema package,
 * 0.8.1, tried on this spec's schema in Dec 2026): its completion module imports markdown-it
 * and shiki for its info popups, 454 kB minified (156 kB gzipped) beside CodeMirror, where the
 * whole create form is 473 kB; it reads schemas as draft-07 (json-schema-library's Draft07) where
 * OpenAPI 3.1 writes 2020-12; and on QuerySpec it misses `source` and `sink` at the top, offers
 * the kinds of step inside a step instead of that step's fields, and offers a table's fields
 * inside a `rate` source's options instead of the rate source's (it does not narrow a oneOf by
 * the `format` written); it offers no value before a quote is typed and no `examples` (the
 * trigger's "4 seconds"). Of the first seven cases of test/specSchema.test.ts it passed two (the
 * kinds of step, and text that is not JSON yet). This walk is 160 lines over jsonc-parser, which
 * the editor uses anyway.
 */
import { getLocation, getNodeValue, findNodeAtLocation, parseTree, type JSONPath, type Node } from 'jsonc-parser';
import { components } from '../openapi.json';

/** The parts of JSON Schema (2020-12, as OpenAPI 3.1 writes it) that say what may be written. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  example?: unknown;
  examples?: unknown[];
}

/** One thing that may be written: its name and the JSON text that writes it. */
export interface Suggestion {
  label: string;
  /** The JSON text to insert: a quoted property name, or a value. */
  text: string;
  kind: 'property' | 'value';
  detail?: string;
}

const REF = '#/components/schemas/';

export class SpecSchema {
  private readonly root: JsonSchema;

  constructor(
    private readonly schemas: Record<string, JsonSchema>,
    root: string | JsonSchema = 'QuerySpec',
  ) {
    this.root = typeof root === 'string' ? { $ref: REF + root } : root;
  }

  /** The spec's schema in the service's OpenAPI document. */
  static fromOpenApi(): SpecSchema {
    return new SpecSchema(components.schemas as Record<string, JsonSchema>);
  }

  /** The schema of the part of a spec at `path` (`['tables']`, `['sink']`), for an editor of that part alone. */
  at(path: JSONPath): SpecSchema {
    let here: JsonSchema | undefined = this.root;
    for (const segment of path) {
      const schema: JsonSchema | undefined = here?.$ref ? this.schemas[here.$ref.slice(REF.length)] : here;
      here = typeof segment === 'number' ? schema?.items : schema?.properties?.[segment];
    }
    return new SpecSchema(this.schemas, here ?? {});
  }

  /**
   * What may be written at `offset` of a spec being edited (which need not be JSON yet): at a
   * property name, the names its object takes that are not written yet; at a value, the values
   * its schema names.
   */
  suggestionsAt(text: string, offset: number): Suggestion[] {
    const location = getLocation(text, offset);
    const written = parseTree(text, [], { allowTrailingComma: true });
    if (location.isAtPropertyKey) {
      const objectPath = location.path.slice(0, -1);
      const object = written && findNodeAtLocation(written, objectPath);
      const taken = new Set(object?.type === 'object'
        ? (object.children ?? []).map((property) => property.children?.[0]?.value as string) : []);
      taken.delete(String(location.path.at(-1) ?? ''));
      return this.propertyNames(this.schemasAt(objectPath, written)).filter((s) => !taken.has(s.label));
    }
    return this.values(this.schemasAt(location.path, written));
  }

  /** The schemas that apply at `path`, branches narrowed by what is written along it. */
  schemasAt(path: JSONPath, written: Node | undefined): JsonSchema[] {
    let here = this.expand(this.root, written && getNodeValue(written));
    for (const [depth, segment] of path.entries()) {
      const node = written && findNodeAtLocation(written, path.slice(0, depth + 1));
      const value = node ? getNodeValue(node) : undefined;
      here = here.flatMap((schema) => {
        const next = typeof segment === 'number' ? schema.items
          : schema.properties?.[segment] ?? (typeof schema.additionalProperties === 'object'
            ? schema.additionalProperties : undefined);
        return next ? this.expand(next, value) : [];
      });
    }
    return here;
  }

  /** A schema with its reference followed and its branches spread, keeping the branches that fit `value`. */
  private expand(schema: JsonSchema, value: unknown): JsonSchema[] {
    if (schema.$ref) {
      const target = this.schemas[schema.$ref.slice(REF.length)];
      return target ? this.expand(target, value) : [];
    }
    const branches = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
    const fitting = branches.filter((branch) => fits(branch, value));
    const kept = (fitting.length > 0 ? fitting : branches).flatMap((branch) => this.expand(branch, value));
    const all = (schema.allOf ?? []).flatMap((part) => this.expand(part, value));
    return [schema, ...kept, ...all];
  }

  private propertyNames(schemas: JsonSchema[]): Suggestion[] {
    const names = new Map<string, Suggestion>();
    for (const schema of schemas) {
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const described = this.expand(property, undefined).find((s) => s.description)?.description;
        if (!names.has(name)) names.set(name, suggestion(name, 'property', describe(schema, described)));
      }
      const named = schema.propertyNames ? [schema.propertyNames, ...(schema.propertyNames.anyOf ?? [])] : [];
      for (const name of named.flatMap((names) => names.enum ?? [])) {
        if (typeof name === 'string' && !names.has(name)) names.set(name, suggestion(name, 'property', schema.title));
      }
    }
    return [...names.values()];
  }

  private values(schemas: JsonSchema[]): Suggestion[] {
    const values = new Map<string, Suggestion>();
    for (const schema of schemas) {
      const named = [schema.const, ...(schema.enum ?? []), ...(schema.examples ?? []), schema.example];
      const types = [schema.type ?? []].flat();
      if (types.includes('boolean')) named.push(true, false);
      for (const value of named) {
        if (value === undefined || typeof value === 'object') continue;
        const text = JSON.stringify(value);
        if (!values.has(text)) values.set(text, { label: String(value), text, kind: 'value', detail: schema.title });
      }
    }
    return [...values.values()];
  }
}

/** Whether `value` as written agrees with the constants a branch gives its properties. */
function fits(branch: JsonSchema, value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
  const written = value as Record<string, unknown>;
  return Object.entries(branch.properties ?? {}).every(([name, property]) =>
    property.const === undefined || written[name] === undefined || written[name] === property.const);
}

function suggestion(name: string, kind: Suggestion['kind'], detail: string | undefined): Suggestion {
  return detail === undefined ? { label: name, text: JSON.stringify(name), kind }
    : { label: name, text: JSON.stringify(name), kind, detail };
}

/** A property's words: its own description, or its object's when that object is one kind (a step). */
function describe(object: JsonSchema, own: string | undefined): string | undefined {
  return own ?? (Object.keys(object.properties ?? {}).length === 1 ? object.description : undefined);
}
