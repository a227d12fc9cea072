import { checkoutPath, donationResultPath } from "./paths";
import { embedSnippets, escapeAttribute, IFRAME_SNIPPET_HEIGHT } from "./snippets";

describe("embed codes (dashboard Embed tile)", () => {
  test("script, iframe and link for a direct gift", () => {
    const s = embedSnippets({ siteUrl: "https://give.example.org/", organizationId: "org-1", fundraiserId: null, title: "Donate to Food Shelf" });
    expect(s.script).toBe('<script src="https://give.example.org/embed.js" data-org="org-1" data-title="Donate to Food Shelf" async></script>');
    expect(s.iframe).toContain('src="https://give.example.org/embed/donate/org-1"');
    expect(s.iframe).toContain('title="Donate to Food Shelf"');
    expect(s.iframe).toContain('allow="payment"');
    expect(s.iframe).toContain(`height:${IFRAME_SNIPPET_HEIGHT}px`);
    expect(s.link).toBe("https://give.example.org/donation/org-1/direct");
  });

  test("a fundraiser's form names it in every code", () => {
    const s = embedSnippets({ siteUrl: "http://localhost:3000", organizationId: "org-1", fundraiserId: "f-9", title: "Donate" });
    expect(s.script).toContain('data-org="org-1" data-fundraiser="f-9"');
    expect(s.iframe).toContain('src="http://localhost:3000/embed/donate/org-1/f-9"');
    expect(s.link).toBe("http://localhost:3000/donation/org-1/f-9");
  });

  test("a title with quotes or markup cannot break out of its attribute", () => {
    const s = embedSnippets({ siteUrl: "https://g.example", organizationId: "o", fundraiserId: null, title: 'Donate to "Kids & Co" <b>' });
    expect(s.script).toContain('data-title="Donate to &quot;Kids &amp; Co&quot; &lt;b&gt;"');
    expect(s.iframe).not.toContain("<b>");
    expect(escapeAttribute(`a"b`)).toBe("a&quot;b");
  });
});

describe("checkout flows stay in their own pages", () => {
  test("the embedded form's results are all framable /embed/ pages", () => {
    for (const step of ["thanks", "complete", "wallet"] as const) {
      expect(donationResultPath("embed", step, "d1", "t/k")).toMatch(/^\/embed\/[a-z]+\?donation=d1&token=t%2Fk$/);
    }
    expect(checkoutPath("embed", "o", "c")).toBe("/embed/donate/o/c");
    expect(checkoutPath("embed", "o", null)).toBe("/embed/donate/o");
  });

  test("the site's own checkout keeps its pages", () => {
    expect(donationResultPath("site", "thanks", "d1", "t")).toBe("/thankyou?donation=d1&token=t");
    expect(donationResultPath("site", "complete", "d1", "t")).toBe("/complete-donation?donation=d1&token=t");
    expect(donationResultPath("site", "wallet", "d1", "t")).toBe("/complete-donation-google-apple?donation=d1&token=t");
    expect(checkoutPath("site", "o", null)).toBe("/donation/o/direct");
  });
});
