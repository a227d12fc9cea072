import { shareTargets } from "./share-links";

describe("share dialog targets", () => {
  test("Facebook, X (Twitter), LinkedIn and Email, in order, with the #Givebridge hashtag", () => {
    const targets = shareTargets("https://givebridge.example/nonprofit/abc?sec=fundraiser", "Support Lake & Co");
    expect(targets.map((t) => t.label)).toEqual(["Facebook", "X (Twitter)", "LinkedIn", "Email"]);
    const url = encodeURIComponent("https://givebridge.example/nonprofit/abc?sec=fundraiser");
    expect(targets[0]!.href).toBe(`https://www.facebook.com/sharer/sharer.php?u=${url}&hashtag=%23Givebridge`);
    expect(targets[1]!.href).toBe(`https://twitter.com/intent/tweet?url=${url}&text=Support%20Lake%20%26%20Co&hashtags=Givebridge`);
    expect(targets[2]!.href).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${url}`);
    expect(targets[3]!.href.startsWith("mailto:?subject=Support%20Lake%20%26%20Co&body=")).toBe(true);
    expect(decodeURIComponent(targets[3]!.href.split("body=")[1]!)).toBe("Support Lake & Co\n\nhttps://givebridge.example/nonprofit/abc?sec=fundraiser\n\n#Givebridge");
  });
});
