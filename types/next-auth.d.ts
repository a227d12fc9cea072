import type { SessionUser } from "@/lib/auth/types";

declare module "next-auth" {
  interface Session {
    user: SessionUser;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    user?: SessionUser;
  }
}
