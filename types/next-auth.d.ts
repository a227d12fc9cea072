import type { SessionUser } from "@/lib/auth/types";

declare module "next-auth" {
  interface Session {
    user: SessionUser;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    user?: SessionUser;
    /** The account's session version when this session was issued (lib/services/users/sessions.ts). */
    sv?: number | null;
  }
}
