import { NextRequest, NextResponse } from "next/server";
import { setEnvForTests } from "@/lib/env";
import { checkoutClientOf, DEVICE_COOKIE, withDeviceCookie } from "./checkout-client";

const request = (cookie?: string) => new NextRequest("http://localhost:3000/api/createPaymentIntent", { method: "POST", headers: cookie ? { cookie } : {} });

describe("the checkout's device cookie", () => {
  afterEach(() => setEnvForTests({ NEXTAUTH_URL: undefined }));

  test("over https it is partitioned and cross-site, so the embedded form on another site keeps it", () => {
    setEnvForTests({ NEXTAUTH_URL: "https://give.example.org" });
    const client = checkoutClientOf(request(), null);
    const cookie = withDeviceCookie(NextResponse.json({}), client).headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`${DEVICE_COOKIE}=${client.device}`);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=none/i);
    expect(cookie).toMatch(/; Partitioned/i);
  });

  test("over plain http (development, tests) it stays SameSite=Lax: browsers refuse SameSite=None without Secure", () => {
    setEnvForTests({ NEXTAUTH_URL: "http://localhost:3000" });
    const cookie = withDeviceCookie(NextResponse.json({}), checkoutClientOf(request(), null)).headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/; SameSite=lax/i);
    expect(cookie).not.toMatch(/Partitioned|; Secure/i);
  });

  test("a browser that has one keeps it: nothing is set", () => {
    const client = checkoutClientOf(request(`${DEVICE_COOKIE}=abcdefghijklmnop1234`), null);
    expect(client).toMatchObject({ device: "abcdefghijklmnop1234", newDevice: false });
    expect(withDeviceCookie(NextResponse.json({}), client).headers.get("set-cookie")).toBeNull();
  });
});
