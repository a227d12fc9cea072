import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { messages } from "@/lib/validations/messages";
import { requestJson } from "./request";

let server: Server;
let base = "";
const seen: { method?: string; type?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method, type: req.headers["content-type"], body });
      if (req.url === "/ok") return res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ id: "d1" }));
      if (req.url === "/refused")
        return res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: "bad_request", message: "Email cannot be empty", fields: { email: "Email cannot be empty", n: 1 } }));
      if (req.url === "/html") return res.writeHead(200, { "content-type": "text/html" }).end("<p>proxy page</p>");
      res.writeHead(502).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("requestJson", () => {
  it("sends the body as JSON and returns the 2xx answer", async () => {
    const r = await requestJson<{ id: string }>(`${base}/ok`, { method: "POST", body: { a: 1 } });
    expect(r).toEqual({ ok: true, status: 201, data: { id: "d1" } });
    expect(seen.at(-1)).toEqual({ method: "POST", type: "application/json", body: '{"a":1}' });
  });

  it("returns the server's message and string fields on a refusal", async () => {
    const r = await requestJson(`${base}/refused`, { method: "PUT", body: {} });
    expect(r).toEqual({ ok: false, status: 400, message: "Email cannot be empty", fields: { email: "Email cannot be empty" } });
  });

  it("falls back when the answer has no message or is not JSON", async () => {
    expect(await requestJson(`${base}/gone`, { fallback: "Try later" })).toEqual({ ok: false, status: 502, message: "Try later", fields: {} });
    expect(await requestJson(`${base}/html`)).toEqual({ ok: false, status: 200, message: messages.generic.server, fields: {} });
  });

  it("reports network trouble as status 0", async () => {
    const r = await requestJson("http://127.0.0.1:1/nothing");
    expect(r).toEqual({ ok: false, status: 0, message: messages.generic.server, fields: {} });
  });
});
