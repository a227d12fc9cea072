import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * One access rule (docs/engineering.md, "As the codebase grows": "`can(actor, action, resource)`
 * in one module"; docs/decisions/0008-access-rule.md): pages, route handlers and components do not
 * compare a caller's id, organization, role or account type themselves. They ask the rule
 * (`can()`, `hasAccountType()` in lib/auth/can.ts, `authorize*` in lib/auth/authorize.ts) or a
 * named helper of lib/auth that states it, so a page cannot drift from its service.
 * Refused: `<x>.role ===` / `!==` on anything, and `.id`, `._id`, `.type`, `.organizationId`,
 * `.orgId` of a caller (`actor`, `user`, `viewer`, `principal`, `sessionUser`, `currentUser`,
 * `session.user`), on either side of `===` / `!==`, with or without `?.`.
 */
const CALLER = "/^(actor|user|viewer|principal|sessionUser|currentUser)$/";
const CALLER_FIELD = "/^(id|_id|type|organizationId|orgId)$/";
const callerComparisons = ["left", "right"].flatMap((side) =>
  ["", ".expression"].flatMap((chain) => {
    const m = `${side}${chain}`;
    return [
      `BinaryExpression[operator=/^[!=]==$/][${m}.type="MemberExpression"][${m}.property.name="role"]`,
      `BinaryExpression[operator=/^[!=]==$/][${m}.type="MemberExpression"][${m}.property.name=${CALLER_FIELD}][${m}.object.name=${CALLER}]`,
      `BinaryExpression[operator=/^[!=]==$/][${m}.type="MemberExpression"][${m}.property.name=${CALLER_FIELD}][${m}.object.property.name=${CALLER}]`,
    ];
  }),
);

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...callerComparisons.map((selector) => ({
          selector,
          message: "Ask the access rule (can() / hasAccountType() in lib/auth/can.ts, or a named helper of lib/auth) instead of comparing the caller's id, role or account type (docs/decisions/0008-access-rule.md).",
        })),
      ],
    },
  },
  globalIgnores([".next/**", ".next-*/**", ".data*/**", "node_modules/**", ".data/**", "drizzle/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
]);
