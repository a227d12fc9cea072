import { DEFAULT_CHROMIUM, planChromium } from "./chromium";

const base = { path: DEFAULT_CHROMIUM, configured: false, exists: false, isRoot: false, hasAptGet: true };

describe("planChromium", () => {
  it("uses an installed browser", () => {
    expect(planChromium({ ...base, exists: true })).toEqual({ action: "use", path: "/usr/bin/chromium-headless-shell" });
  });

  it("installs Debian's package when root with apt-get", () => {
    expect(planChromium({ ...base, isRoot: true }).action).toBe("install");
  });

  it("explains what to install when not root", () => {
    const plan = planChromium(base);
    expect(plan.action).toBe("explain");
    expect(plan.action === "explain" && plan.message).toMatch(/apt-get install -y chromium chromium-headless-shell/);
  });

  it("explains when apt-get is not there, even as root", () => {
    expect(planChromium({ ...base, isRoot: true, hasAptGet: false }).action).toBe("explain");
  });

  it("never installs over an explicit CHROMIUM_PATH", () => {
    const plan = planChromium({ ...base, path: "/opt/chrome", configured: true, isRoot: true });
    expect(plan.action).toBe("explain");
    expect(plan.action === "explain" && plan.message).toMatch(/CHROMIUM_PATH=\/opt\/chrome/);
  });
});
