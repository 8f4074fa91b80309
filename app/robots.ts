// GET /robots.txt – readers' pages are open to crawlers; accounts, admin, forms and the API's
// writes are not worth their visits; the sitemap lists what is
import type { MetadataRoute } from "next";
import { publicUrl } from "@/lib/server/http";

export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: "*",
        allow: "/",
        disallow: ["/account", "/admin", "/signin", "/signup", "/submit", "/invitations/", "/api/", "/metrics"],
      },
    ],
    sitemap: `${publicUrl()}/sitemap.xml`,
  };
}
