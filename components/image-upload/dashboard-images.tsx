"use client";

import { useSession } from "next-auth/react";
import { useRouter } from "next/navigation";
import { ImageUpload } from "./image-upload";

/**
 * The signed-in user's profile photo with the upload-and-crop widget (1:1). After a change
 * the session is reloaded (its profileImg feeds the avatar in the navigation bar) and the
 * page re-rendered.
 */
export function ProfilePhotoUpload({ userId, profileImg, size = 72 }: { userId: string; profileImg: string | null; size?: number }) {
  const router = useRouter();
  const { update } = useSession();
  const refresh = async () => {
    await update();
    router.refresh();
  };
  return (
    <ImageUpload
      field="profileImg"
      identifier={userId}
      currentUrl={profileImg}
      label="profile photo"
      preview="person"
      previewSize={size}
      onUploaded={refresh}
      onDeleted={refresh}
    />
  );
}

/** The organization's logo with the upload-and-crop widget (1:1); the page re-renders after a change. */
export function OrganizationLogoUpload({ organizationId, logoUrl, size = 72 }: { organizationId: string; logoUrl: string | null; size?: number }) {
  const router = useRouter();
  return (
    <ImageUpload
      field="logo"
      identifier={organizationId}
      currentUrl={logoUrl}
      label="logo"
      preview="organization"
      previewSize={size}
      onUploaded={() => router.refresh()}
      onDeleted={() => router.refresh()}
    />
  );
}
