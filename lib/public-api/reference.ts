/**
 * The API reference as /developers shows it, read from the OpenAPI document (openapi.ts): calls
 * grouped by tag in the document's order (webhooks last, under their tag), each with its method,
 * path or event name, summary, description, who may call it, parameters, request body and
 * responses; then the named schemas (models) those refer to. Every section has a stable anchor
 * (`tag-<name>`, `op-<operationId>`, `schema-<Name>`) that in-page links and old addresses point at.
 */
import { operations } from "./operations";

/** A schema's type in words, with the model it names (a link) and an inline object's fields. */
export type TypeView = {
  /** The words of the type before the linked model: "string (date-time)", "array of", "" for a bare model. */
  text: string;
  /** The named schema this type is, or holds (array items). */
  model?: { name: string; anchor: string };
  nullable: boolean;
  /** Constraints in words: allowed values, bounds, pattern, default, example. */
  notes: string[];
  /** The fields of an inline object (or of an array's inline object items). */
  fields?: FieldView[];
};

export type FieldView = { name: string; required: boolean; description?: string; type: TypeView };
export type ParameterView = FieldView & { in: string };
export type ResponseView = { status: string; description: string; contentType?: string; type?: TypeView; headers: string[] };

export type OperationView = {
  anchor: string;
  method: string;
  /** The path under the server URL, or a webhook's event name. */
  target: string;
  webhook: boolean;
  summary: string;
  description: string;
  /** Who may call it, in words ("No key needed", "An API key with the read:donations scope"). */
  access?: string;
  parameters: ParameterView[];
  body?: { contentType: string; type: TypeView };
  responses: ResponseView[];
};

export type TagView = { name: string; anchor: string; description?: string; operations: OperationView[] };
export type ModelView = { name: string; anchor: string; description?: string; type: TypeView };
export type ReferenceView = { serverUrl?: string; tags: TagView[]; models: ModelView[] };

// The subset of OpenAPI 3.1 that openapi.ts generates.
type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  example?: unknown;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Media = Record<string, { schema?: Schema }>;
type Response = { description?: string; headers?: Record<string, unknown>; content?: Media };
type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Media };
  responses?: Record<string, Response>;
};
type Document = {
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The anchor of a tag's section: `tag-` and its name in lower case, words joined by hyphens. */
export function tagAnchor(name: string): string {
  return `tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
}

/** The anchor of a call's (or webhook's) section. */
export function operationAnchor(operationId: string): string {
  return `op-${operationId}`;
}

/** The anchor of a named schema's section. */
export function schemaAnchor(name: string): string {
  return `schema-${name}`;
}

function modelOf(ref: string): { name: string; anchor: string } {
  const name = ref.slice(ref.lastIndexOf("/") + 1);
  return { name, anchor: schemaAnchor(name) };
}

function notesOf(s: Schema): string[] {
  const notes: string[] = [];
  const values = (s.enum ?? []).filter((v) => v !== null);
  if (values.length === 1) notes.push(`always ${String(values[0])}`);
  else if (values.length > 1) notes.push(`one of: ${values.map(String).join(", ")}`);
  if (s.minimum !== undefined && s.maximum !== undefined) notes.push(`from ${s.minimum} to ${s.maximum}`);
  else if (s.minimum !== undefined) notes.push(`at least ${s.minimum}`);
  else if (s.maximum !== undefined) notes.push(`at most ${s.maximum}`);
  if (s.minLength !== undefined) notes.push(`at least ${s.minLength} characters`);
  if (s.maxLength !== undefined) notes.push(`at most ${s.maxLength} characters`);
  if (s.pattern !== undefined) notes.push(`pattern ${s.pattern}`);
  if (s.default !== undefined) notes.push(`default ${JSON.stringify(s.default)}`);
  if (s.example !== undefined) notes.push(`example ${JSON.stringify(s.example)}`);
  return notes;
}

function fieldsOf(s: Schema): FieldView[] {
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).map(([name, p]) => ({ name, required: required.has(name), description: p.description, type: typeOf(p) }));
}

/** A schema's type in words (see TypeView). */
export function typeOf(s: Schema): TypeView {
  if (s.$ref) return { text: "", model: modelOf(s.$ref), nullable: false, notes: [] };
  const variants = s.anyOf ?? s.oneOf;
  if (variants) {
    const nullable = variants.some((v) => v.type === "null");
    const rest = variants.filter((v) => v.type !== "null");
    if (rest.length === 1 && rest[0]) return { ...typeOf(rest[0]), nullable };
    return { text: rest.map((v) => (v.$ref ? modelOf(v.$ref).name : typeOf(v).text)).join(" or "), nullable, notes: notesOf(s) };
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const nullable = types.includes("null");
  const base = types.filter((t) => t !== "null");
  if (base.length === 1 && base[0] === "array") {
    const inner = s.items ? typeOf(s.items) : { text: "any", nullable: false, notes: [] };
    return { ...inner, text: `array of${inner.text ? ` ${inner.text}` : ""}`, nullable, notes: [...notesOf(s), ...inner.notes] };
  }
  if (base.length === 1 && base[0] === "object") {
    const fields = s.properties ? fieldsOf(s) : undefined;
    return { text: "object", nullable, notes: notesOf(s), ...(fields ? { fields } : {}) };
  }
  const text = base.length ? base.join(" or ") : "any";
  return { text: s.format ? `${text} (${s.format})` : text, nullable, notes: notesOf(s) };
}

function accessOf(op: Operation): string | undefined {
  if (!op.security) return undefined;
  if (op.security.some((r) => Object.keys(r).length === 0)) return "No key needed (a key may be sent: its allowance then counts).";
  const scopes = [...new Set(op.security.flatMap((r) => Object.values(r).flat()))];
  return scopes.length ? `An API key with the ${scopes.join(" or ")} scope.` : "An API key.";
}

function operationView(op: Operation, method: string, target: string, webhook: boolean): OperationView {
  const [bodyType, bodyMedia] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  return {
    anchor: operationAnchor(op.operationId ?? `${method}-${target}`),
    method: method.toUpperCase(),
    target,
    webhook,
    summary: op.summary ?? target,
    description: op.description ?? "",
    access: webhook ? undefined : accessOf(op),
    parameters: (op.parameters ?? []).map((p) => ({
      name: p.name,
      in: p.in,
      required: p.required ?? false,
      description: p.description ?? p.schema?.description,
      type: typeOf(p.schema ?? {}),
    })),
    ...(bodyType && bodyMedia?.schema ? { body: { contentType: bodyType, type: typeOf(bodyMedia.schema) } } : {}),
    responses: Object.entries(op.responses ?? {}).map(([status, r]) => {
      const [contentType, media] = Object.entries(r.content ?? {})[0] ?? [];
      return {
        status,
        description: r.description ?? "",
        ...(contentType ? { contentType } : {}),
        ...(media?.schema ? { type: typeOf(media.schema) } : {}),
        headers: Object.keys(r.headers ?? {}),
      };
    }),
  };
}

/**
 * The reference of an OpenAPI document generated by openapi.ts (see ReferenceView). Tags keep
 * the document's order; a call without a tag, or with a tag the document does not list, goes to
 * a last "Other" group so nothing the document holds is left out.
 */
export function buildReference(document: unknown): ReferenceView {
  const doc = document as Document;
  const groups = new Map<string, TagView>();
  const groupOf = (name: string) => {
    let g = groups.get(name);
    if (!g) {
      g = { name, anchor: tagAnchor(name), operations: [] };
      groups.set(name, g);
    }
    return g;
  };
  for (const t of doc.tags ?? []) groupOf(t.name).description = t.description;
  const add = (items: Record<string, Record<string, Operation>> | undefined, webhook: boolean) => {
    for (const [target, item] of Object.entries(items ?? {})) {
      for (const method of METHODS) {
        const op = item[method];
        if (op) groupOf(op.tags?.[0] ?? "Other").operations.push(operationView(op, method, target, webhook));
      }
    }
  };
  add(doc.paths, false);
  add(doc.webhooks, true);
  return {
    serverUrl: doc.servers?.[0]?.url,
    tags: [...groups.values()].filter((g) => g.operations.length > 0),
    models: Object.entries(doc.components?.schemas ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, s]) => ({ name, anchor: schemaAnchor(name), description: s.description, type: typeOf(s) })),
  };
}

/**
 * Where an address of the former client-side viewer (path routing under /developers: `tag/<tag>`,
 * `tag/<tag>/<METHOD>/<path>`, `webhook/<METHOD>/<event>`) now points on /developers: the
 * section's anchor, or undefined when the address names no known section.
 */
export function anchorForSection(segments: string[]): string | undefined {
  const [kind, ...rest] = segments.map((s) => decodeURIComponent(s));
  if (kind === "webhook") {
    const event = rest.at(-1);
    return event ? operationAnchor(`webhook_${event.replace(/\W/g, "_")}`) : undefined;
  }
  if (kind !== "tag" || !rest[0]) return undefined;
  const [tag, method, ...path] = rest;
  if (method && path.length) {
    const target = `/${path.join("/")}`;
    const op = Object.values(operations).find((o) => o.method === method.toLowerCase() && o.path === target);
    if (op) return operationAnchor(op.operationId);
  }
  const known = Object.values(operations).some((o) => tagAnchor(o.tag) === tagAnchor(tag)) || tagAnchor(tag) === tagAnchor("Webhooks");
  return known ? tagAnchor(tag) : undefined;
}
