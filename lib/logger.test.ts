import { errorFacts } from "./logger";

describe("errorFacts", () => {
  test("keeps the class name and a PostgreSQL or Node code, never the message", () => {
    const pg = Object.assign(new Error('invalid input syntax for type uuid: "jane@example.com"'), { code: "22P02" });
    expect(errorFacts(pg)).toEqual({ name: "Error", code: "22P02", message: undefined });
    expect(JSON.stringify(errorFacts(pg))).not.toContain("jane");
    expect(errorFacts(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })).code).toBe("ECONNREFUSED");
  });

  test("quotes node-postgres's fixed connection messages, and ignores codes that are not codes", () => {
    expect(errorFacts(new Error("Connection terminated unexpectedly")).message).toBe("Connection terminated unexpectedly");
    expect(errorFacts(new Error("timeout exceeded when trying to connect"))).toEqual({ name: "Error", code: undefined, message: "timeout exceeded when trying to connect" });
    expect(errorFacts(Object.assign(new TypeError("x"), { code: "secret value here" }))).toEqual({ name: "TypeError", code: undefined, message: undefined });
    expect(errorFacts("a string")).toEqual({ name: "string", code: undefined, message: undefined });
  });
});
