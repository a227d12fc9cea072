/**
 * The link preview (og:image, 1200×630 PNG) of a page that raises money toward a goal: a
 * fundraiser, a supporter's page or a team. Cover image on the left when there is one, the
 * title, who it is by, and the progress in dollars with a bar. Amounts are integer cents.
 */
import { ImageResponse } from "next/og";
import { formatCents, progressPercent, type Cents } from "@/lib/money";
import { readImageBytes } from "@/lib/services/images/image-bytes";
import { getStorage } from "@/lib/storage";

export const PROGRESS_IMAGE_SIZE = { width: 1200, height: 630 };

/**
 * The cover image as something the image renderer can draw: a data: URL for our own files
 * (uploads and the demo covers, read without an HTTP round trip), an https URL as it is, else
 * null.
 */
async function coverSource(url: string | null): Promise<string | null> {
  if (!url) return null;
  const own = await readImageBytes({ url });
  if (own) return `data:${own.contentType};base64,${own.body.toString("base64")}`;
  return url.startsWith("https://") && !getStorage().keyOf(url) ? url : null;
}

/** What a progress preview shows; `progress` null for a page that was not found. */
export type ProgressImageFacts = { title: string; byline: string | null; coverUrl: string | null; progress: { raisedCents: Cents; goalCents: Cents } | null };

/** Render the preview of `facts` as a PNG response. */
export async function progressImage(facts: ProgressImageFacts): Promise<ImageResponse> {
  const cover = await coverSource(facts.coverUrl);
  const percent = facts.progress ? progressPercent(facts.progress.raisedCents, facts.progress.goalCents) : 0;
  const width = Math.min(100, Math.max(0, percent));
  const { title } = facts;
  return new ImageResponse(
    (
      <div style={{ width: "100%", height: "100%", display: "flex", background: "#ffffff", color: "#0f2f2c" }}>
        {cover ? (
          // eslint-disable-next-line @next/next/no-img-element -- ImageResponse (next/og) draws plain <img> elements; next/image does not apply
          <img src={cover} alt="" width={480} height={630} style={{ width: 480, height: 630, objectFit: "cover" }} />
        ) : null}
        <div style={{ flex: 1, display: "flex", flexDirection: "column", justifyContent: "space-between", padding: 56, background: "linear-gradient(135deg, #e9f6f4 0%, #ffffff 70%)" }}>
          <div style={{ display: "flex", fontSize: 30, fontWeight: 700, color: "#175e57" }}>Givebridge</div>
          <div style={{ display: "flex", flexDirection: "column" }}>
            <div style={{ display: "flex", fontSize: title.length > 50 ? 44 : 58, fontWeight: 800, lineHeight: 1.1 }}>{title}</div>
            {facts.byline ? <div style={{ display: "flex", marginTop: 18, fontSize: 28, color: "#3d5a57" }}>{facts.byline}</div> : null}
          </div>
          {facts.progress ? (
            <div style={{ display: "flex", flexDirection: "column" }}>
              <div style={{ display: "flex", fontSize: 34, fontWeight: 700 }}>
                {`${formatCents(facts.progress.raisedCents)} raised of ${formatCents(facts.progress.goalCents)} · ${percent}%`}
              </div>
              <div style={{ display: "flex", marginTop: 16, height: 22, width: "100%", borderRadius: 11, background: "#d7e9e6" }}>
                <div style={{ display: "flex", height: 22, width: `${width}%`, borderRadius: 11, background: "#e07b1a" }} />
              </div>
            </div>
          ) : (
            <div style={{ display: "flex", fontSize: 28, color: "#b45309" }}>Give securely · #Givebridge</div>
          )}
        </div>
      </div>
    ),
    PROGRESS_IMAGE_SIZE,
  );
}
