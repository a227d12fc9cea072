/**
 * zod's messages for every issue a schema did not word itself: a sentence naming the field,
 * from the message catalogue (messages.fields), instead of zod's defaults ("Invalid input:
 * expected string, received undefined"). Installed once, globally, by importing this module
 * (the shared field helpers and the route wrapper do).
 */
import "./zod-setup";
import { z } from "zod";
import { messages } from "./messages";

const m = messages.fields;

/** The product's own words for fields whose key alone says too little (the sandbox card form's labels). */
const PRODUCT_LABELS: Record<string, string> = { "card.number": "Card number", "card.expiry": "Expiry (MM/YY)", "card.cvc": "CVC" };

/** Keys that name nothing without the group they sit in: card.number reads "Card number", not "Number". */
const GENERIC_KEYS = new Set(["number", "name", "type", "code", "value", "amount", "date", "id"]);

const ACRONYMS: Record<string, string> = { ein: "EIN", id: "ID", url: "URL", ntee: "NTEE", zip: "ZIP", zipcode: "ZIP code", ach: "ACH", csv: "CSV", paypal: "PayPal", utc: "UTC" };

/**
 * A field's name as a person reads it, from its path in the payload: ["address", "zipcode"]
 * -> "ZIP code", ["firstName"] -> "First name", ["tickets", 2, "price"] -> "Price (item 3)",
 * ["card", "number"] -> "Card number" (the form's label; a generic key takes its group's name).
 */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const keys = path.filter((k): k is string => typeof k === "string");
  const parent = path.length >= 2 && typeof path[path.length - 2] === "string" && typeof path[path.length - 1] === "string" ? (path[path.length - 2] as string) : undefined;
  const named = parent !== undefined ? PRODUCT_LABELS[`${parent}.${String(path[path.length - 1])}`] : undefined;
  if (named) return named;
  const last = parent !== undefined && GENERIC_KEYS.has(keys[keys.length - 1]!.toLowerCase()) ? `${parent} ${keys[keys.length - 1]}` : keys[keys.length - 1];
  const index = path.length && typeof path[path.length - 1] === "number" ? (path[path.length - 1] as number) : undefined;
  if (!last) return index !== undefined ? `Item ${index + 1}` : "This value";
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .trim()
    .split(/\s+/)
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase());
  const text = words.join(" ");
  const label = text.charAt(0).toUpperCase() + text.slice(1);
  const innerIndex = path.findLastIndex((k) => typeof k === "number");
  return innerIndex >= 0 && index === undefined ? `${label} (item ${(path[innerIndex] as number) + 1})` : index !== undefined ? `${label} (item ${index + 1})` : label;
}


type Issue = Parameters<NonNullable<Parameters<typeof z.config>[0]>["customError"] & object>[0];

function typeMessage(expected: string, label: string): string {
  switch (expected) {
    case "string":
      return m.notText(label);
    case "number":
    case "bigint":
    case "nan":
      return m.notNumber(label);
    case "int":
      return m.notWholeNumber(label);
    case "boolean":
      return m.notBoolean(label);
    case "array":
    case "tuple":
    case "set":
      return m.notList(label);
    case "object":
    case "record":
    case "map":
      return m.notObject(label);
    case "date":
      return m.notDate(label);
    default:
      return m.wrongType(label);
  }
}

/** The catalogue sentence for one zod issue (exported for tests). */
export function fieldMessage(iss: Issue): string {
  const label = fieldLabel((iss.path ?? []) as PropertyKey[]);
  switch (iss.code) {
    case "invalid_type":
      return iss.input === undefined || iss.input === null ? m.required(label) : typeMessage(String(iss.expected), label);
    case "too_small": {
      const min = Number(iss.minimum);
      if (iss.origin === "string") return min <= 1 ? m.empty(label) : m.tooShort(label, min);
      if (iss.origin === "array" || iss.origin === "set") return m.tooFewItems(label, min);
      return m.tooSmall(label, min);
    }
    case "too_big": {
      const max = Number(iss.maximum);
      if (iss.origin === "string") return m.tooLong(label, max);
      if (iss.origin === "array" || iss.origin === "set") return m.tooManyItems(label, max);
      return m.tooBig(label, max);
    }
    case "invalid_format":
      if (iss.format === "email") return m.badEmail(label);
      if (iss.format === "url") return m.badUrl(label);
      return m.badFormat(label);
    case "invalid_value":
      return iss.values.length <= 8 ? m.notOneOf(label, iss.values.map(String).join(", ")) : m.invalid(label);
    case "not_multiple_of":
      return m.notMultipleOf(label, Number(iss.divisor));
    case "unrecognized_keys":
      return m.unknownField(fieldLabel([...((iss.path ?? []) as PropertyKey[]), iss.keys[0] ?? ""]));
    default:
      return m.invalid(label);
  }
}

z.config({ customError: (iss) => fieldMessage(iss as Issue) });
