/** Share targets of the share dialog (spec section 2): the hashtag is the product's name tag. */

export const SHARE_HASHTAG = "Givebridge";

export type ShareTarget = { key: "facebook" | "twitter" | "linkedin" | "email"; label: string; href: string };

/**
 * Share URLs for a page: Facebook's sharer, X's tweet intent (hashtags=Givebridge), LinkedIn's
 * share-offsite and a mailto: link, in the dialog's order.
 * @param url absolute URL of the page shared.
 * @param text short text (the title) put in the post or the email subject.
 */
export function shareTargets(url: string, text: string): ShareTarget[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { key: "facebook", label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}&hashtag=%23${SHARE_HASHTAG}` },
    { key: "twitter", label: "X (Twitter)", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}&hashtags=${SHARE_HASHTAG}` },
    { key: "linkedin", label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    {
      key: "email",
      label: "Email",
      href: `mailto:?subject=${t}&body=${encodeURIComponent(`${text}\n\n${url}\n\n#${SHARE_HASHTAG}`)}`,
    },
  ];
}
