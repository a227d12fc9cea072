/**
 * The reference /developers renders from the OpenAPI document: every call and webhook of the
 * document appears once, under its tag, with a unique anchor; every model a call names has a
 * section; and the former viewer's addresses lead to the right section.
 */
import { generateOpenApiDocument } from "./openapi";
import { operations } from "./operations";
import { sentWebhookTypes } from "./webhooks";
import { anchorForSection, buildReference, typeOf, type TypeView } from "./reference";

const doc = generateOpenApiDocument("https://givebridge.example/api/v1");
const reference = buildReference(doc);
const all = reference.tags.flatMap((t) => t.operations.map((op) => ({ tag: t.name, op })));

test("every call and every webhook of the document appears once, under its tag", () => {
  const calls = Object.values(operations);
  expect(all.filter((e) => !e.op.webhook)).toHaveLength(calls.length);
  for (const call of calls) {
    const found = all.filter((e) => e.op.anchor === `op-${call.operationId}`);
    expect(found).toEqual([{ tag: call.tag, op: expect.objectContaining({ method: "GET", target: call.path, summary: call.summary }) }]);
  }
  expect(all.filter((e) => e.op.webhook).map((e) => [e.tag, e.op.method, e.op.target])).toEqual(sentWebhookTypes.map((t) => ["Webhooks", "POST", t]));
  expect(reference.tags.at(-1)?.name).toBe("Webhooks");
});

test("anchors are unique and every model a call, webhook or model names has a section", () => {
  const anchors = [...reference.tags.map((t) => t.anchor), ...all.map((e) => e.op.anchor), ...reference.models.map((m) => m.anchor)];
  expect(new Set(anchors).size).toBe(anchors.length);
  const named = new Set<string>();
  const collect = (t?: TypeView) => {
    if (!t) return;
    if (t.model) named.add(t.model.anchor);
    t.fields?.forEach((f) => collect(f.type));
  };
  for (const { op } of all) {
    op.parameters.forEach((p) => collect(p.type));
    collect(op.body?.type);
    op.responses.forEach((r) => collect(r.type));
  }
  reference.models.forEach((m) => collect(m.type));
  expect(named.size).toBeGreaterThan(10);
  for (const anchor of named) expect(anchors).toContain(anchor);
});

test("a call states its scope, its parameters with their constraints, and its answers", () => {
  const list = all.find((e) => e.op.anchor === "op-listDonations")!.op;
  expect(list.access).toBe("An API key with the read:donations scope.");
  expect(list.parameters.find((p) => p.name === "limit")).toMatchObject({ in: "query", required: false, type: { text: "integer", notes: ["from 1 to 100", "default 25"] } });
  expect(list.responses.map((r) => r.status)).toEqual(["200", "400", "401", "403", "429", "500"]);
  expect(list.responses[0]).toMatchObject({ contentType: "application/json", type: { model: { name: "DonationList", anchor: "schema-DonationList" } } });
  const org = all.find((e) => e.op.target === "/organizations/{ein}")!.op;
  expect(org.access).toMatch(/^No key needed/);
  expect(org.parameters.find((p) => p.name === "ein")).toMatchObject({ in: "path", required: true });
});

test("types read as words: nullable, arrays of models, allowed values", () => {
  expect(typeOf({ type: ["string", "null"], format: "date-time" })).toEqual({ text: "string (date-time)", nullable: true, notes: [] });
  expect(typeOf({ type: "array", items: { $ref: "#/components/schemas/Donation" } })).toMatchObject({ text: "array of", model: { name: "Donation" } });
  expect(typeOf({ type: "string", enum: ["honor", "memory"] }).notes).toEqual(["one of: honor, memory"]);
  expect(typeOf({ type: "string", enum: ["list"] }).notes).toEqual(["always list"]);
  expect(typeOf({ type: "object", properties: { a: { type: "integer" } }, required: ["a"] }).fields).toEqual([
    { name: "a", required: true, description: undefined, type: { text: "integer", nullable: false, notes: [] } },
  ]);
});

test("the former viewer's addresses lead to the section they named", () => {
  expect(anchorForSection(["tag", "donations"])).toBe("tag-donations");
  expect(anchorForSection(["tag", "your-organization"])).toBe("tag-your-organization");
  expect(anchorForSection(["tag", "donations", "GET", "donations", "{id}"])).toBe(`op-${Object.values(operations).find((o) => o.path === "/donations/{id}")!.operationId}`);
  expect(anchorForSection(["webhook", "POST", "donation.succeeded"])).toBe("op-webhook_donation_succeeded");
  expect(anchorForSection(["tag", "no-such-tag"])).toBeUndefined();
  expect(anchorForSection(["models"])).toBeUndefined();
});
