import { ImageResponse } from "next/og";
import { formatCents } from "@/lib/money";
import { readImageBytes } from "@/lib/services/images/image-bytes";
import { getStorage } from "@/lib/storage";
import { loadPublicFundraiser } from "./load";

export const alt = "Fundraiser on Givebridge";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

/**
 * The cover image as something the image renderer can draw: a data: URL for our own files
 * (uploads and the demo covers, read without an HTTP round trip), an https URL as it is, else
 * null.
 */
async function coverSource(url: string | null): Promise<string | null> {
  if (!url) return null;
  const own = await readImageBytes(url);
  if (own) return `data:${own.contentType};base64,${own.body.toString("base64")}`;
  return url.startsWith("https://") && !getStorage().keyOf(url) ? url : null;
}

/** The fundraiser's link preview: cover image, name, organization and progress toward the goal. */
export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  const f = await loadPublicFundraiser((await params).id);
  const name = f?.name ?? "A fundraiser on Givebridge";
  const cover = await coverSource(f?.imageUrl ?? null);
  const width = f ? Math.min(100, Math.max(0, f.percent)) : 0;
  return new ImageResponse(
    (
      <div style={{ width: "100%", height: "100%", display: "flex", background: "#ffffff", color: "#0f2f2c" }}>
        {cover ? (
          <img src={cover} alt="" width={480} height={630} style={{ width: 480, height: 630, objectFit: "cover" }} />
        ) : null}
        <div style={{ flex: 1, display: "flex", flexDirection: "column", justifyContent: "space-between", padding: 56, background: "linear-gradient(135deg, #e9f6f4 0%, #ffffff 70%)" }}>
          <div style={{ display: "flex", fontSize: 30, fontWeight: 700, color: "#175e57" }}>Givebridge</div>
          <div style={{ display: "flex", flexDirection: "column" }}>
            <div style={{ display: "flex", fontSize: name.length > 50 ? 44 : 58, fontWeight: 800, lineHeight: 1.1 }}>{name}</div>
            {f ? <div style={{ display: "flex", marginTop: 18, fontSize: 28, color: "#3d5a57" }}>by {f.organization.name}</div> : null}
          </div>
          {f ? (
            <div style={{ display: "flex", flexDirection: "column" }}>
              <div style={{ display: "flex", fontSize: 34, fontWeight: 700 }}>
                {`${formatCents(f.progress)} raised of ${formatCents(f.goal)} · ${f.percent}%`}
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
    size,
  );
}
