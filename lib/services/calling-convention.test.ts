/**
 * Every exported function of lib/services takes at most one parameter (docs/engineering.md,
 * "One calling convention"): a service takes one options object, a pure function of one value
 * takes that value, and nothing passes arguments that are told apart only by their order. This
 * reads each module's syntax with TypeScript's parser (exported function declarations and
 * exported `const f = (…) =>` / `function` expressions) and names every function that takes two
 * or more. Test code (`*.test.ts`, `testing.ts`) is left out.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const servicesRoot = path.join(__dirname);

/** The service modules: every .ts/.tsx file under lib/services except test code. */
function serviceModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serviceModules(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== "testing.ts" ? [full] : [];
  });
}

const exported = (node: ts.Node) => (ts.getCombinedModifierFlags(node as ts.Declaration) & ts.ModifierFlags.Export) !== 0;

/** `file:line name(n parameters)` for each exported function of `source` with two or more parameters. */
function positionalFunctions(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (name: string, node: ts.Node, parameters: readonly ts.ParameterDeclaration[]) => {
    if (parameters.length < 2) return;
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    found.push(`${path.relative(process.cwd(), file)}:${line} ${name}(${parameters.length} parameters)`);
  };
  for (const statement of sf.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && exported(statement)) report(statement.name.text, statement, statement.parameters);
    if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (init && ts.isIdentifier(declaration.name) && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) report(declaration.name.text, declaration, init.parameters);
      }
    }
  }
  return found;
}

describe("the calling convention of lib/services", () => {
  test("no exported function takes two or more parameters", () => {
    const modules = serviceModules(servicesRoot);
    expect(modules.length).toBeGreaterThan(100);
    const positional = modules.flatMap((file) => positionalFunctions(file, fs.readFileSync(file, "utf8")));
    expect(positional).toEqual([]);
  });

  test("the check finds a function of two parameters, declared or assigned, and passes one options object", () => {
    const source = [
      "export function refund(tx: unknown, donationId: string) {}",
      "export const settle = (id: string, at: Date) => id;",
      "export function refundDonation({ actor, donationId }: { actor: unknown; donationId: string }) {}",
      "function helper(a: number, b: number) { return a + b; }",
    ].join("\n");
    expect(positionalFunctions(path.join(servicesRoot, "planted.ts"), source)).toEqual([
      "lib/services/planted.ts:1 refund(2 parameters)",
      "lib/services/planted.ts:2 settle(2 parameters)",
    ]);
  });
});
