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

/**
 * One concept, one name (docs/engineering.md, "Names"): the code's term is fundraiser. The spec's
 * "Campaign" survives only as a wire name (request, response and query fields, route paths) and
 * as the original schema's SQL names, so a declared name may not say campaign; keys and member
 * reads (`body.campaignID`, `{ campaignId: fundraiserId }`) stay allowed.
 */
const OLD_TERM = "/campaign/i";
const oldTermDeclarations = [
  `VariableDeclarator > Identifier.id[name=${OLD_TERM}]`,
  `:matches(FunctionDeclaration, FunctionExpression, ClassDeclaration, ClassExpression, TSInterfaceDeclaration, TSTypeAliasDeclaration, TSEnumDeclaration, TSDeclareFunction) > Identifier.id[name=${OLD_TERM}]`,
  `TSTypeParameter > Identifier.name[name=${OLD_TERM}]`,
  `:matches(:function, TSDeclareFunction, TSEmptyBodyFunctionExpression, TSFunctionType, TSConstructorType, TSMethodSignature, TSCallSignatureDeclaration) > Identifier.params[name=${OLD_TERM}]`,
  `:matches(:function, TSDeclareFunction, TSEmptyBodyFunctionExpression) > AssignmentPattern.params > Identifier.left[name=${OLD_TERM}]`,
  `TSParameterProperty > Identifier.parameter[name=${OLD_TERM}]`,
  `ObjectPattern > Property > Identifier.value[name=${OLD_TERM}]`,
  `ObjectPattern > Property > AssignmentPattern > Identifier.left[name=${OLD_TERM}]`,
  `ArrayPattern > Identifier[name=${OLD_TERM}]`,
  `ArrayPattern > AssignmentPattern > Identifier.left[name=${OLD_TERM}]`,
  `RestElement > Identifier.argument[name=${OLD_TERM}]`,
  `CatchClause > Identifier.param[name=${OLD_TERM}]`,
  `:matches(ImportSpecifier, ImportDefaultSpecifier, ImportNamespaceSpecifier) > Identifier.local[name=${OLD_TERM}]`,
].map((selector) => ({
  selector,
  message: "The code's term is fundraiser: campaign is only a wire name of the spec (request, response and query fields, route paths) or a SQL name. Name it fundraiser…, and read a wire key as `{ campaignId: fundraiserId }` (docs/engineering.md, \"Names\").",
}));

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["**/*.{ts,tsx,mts,cts,js,mjs,cjs}"],
    rules: { "no-restricted-syntax": ["error", ...oldTermDeclarations] },
  },
  {
    // A later entry replaces the rule's options for these files, so it repeats the names rule.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...callerComparisons.map((selector) => ({
          selector,
          message: "Ask the access rule (can() / hasAccountType() in lib/auth/can.ts, or a named helper of lib/auth) instead of comparing the caller's id, role or account type (docs/decisions/0008-access-rule.md).",
        })),
        ...oldTermDeclarations,
      ],
      // react-hook-form's own useForm overwrites text typed before hydration (components/ui/use-form.ts).
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "react-hook-form", importNames: ["useForm"], message: "Use useForm from @/components/ui/use-form: it keeps text typed before the page's code ran." }] },
      ],
    },
  },
  {
    files: ["components/ui/use-form.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  globalIgnores([".next/**", ".next-*/**", ".data*/**", "node_modules/**", ".data/**", "drizzle/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
]);
