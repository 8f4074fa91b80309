// Answers leaderboard reads (GET /tasks/{b}/{t} for visitors without a session, and
// GET /api/v1/tasks/{b}/{t}/leaderboard) from rendered responses cached per task release
// signature (lib/server/response-cache.ts): one small query instead of a render.
import { NextResponse, type NextRequest } from "next/server";
import { cacheableTask, cachedResponse, FILL_HEADER, taskSignature } from "@/lib/server/response-cache";

export async function proxy(req: NextRequest) {
  const task = cacheableTask(req);
  if (!task) return NextResponse.next();
  try {
    const signature = await taskSignature(task);
    if (!signature) return NextResponse.next(); // unknown task: the app answers 404
    const url = new URL(req.url);
    const key = `${url.pathname}${url.search}`;
    // render through this same server (PORT), not through whatever host the client named
    const origin = process.env.PORT ? `http://127.0.0.1:${process.env.PORT}` : url.origin;
    const { hit, response } = await cachedResponse(key, signature, () =>
      fetch(`${origin}${key}`, { headers: { [FILL_HEADER]: "1", accept: req.headers.get("accept") ?? "*/*" }, cache: "no-store" }),
    );
    if (response instanceof Response) return response;
    const headers = new Headers(response.headers);
    headers.set("etag", response.etag);
    headers.set("x-leaderboard-cache", hit ? "hit" : "miss");
    headers.set("cache-control", "public, max-age=0, must-revalidate");
    if (req.headers.get("if-none-match") === response.etag) return new Response(null, { status: 304, headers });
    // Next.js compresses this response for clients that accept it
    return new Response(new Uint8Array(response.body), { status: 200, headers });
  } catch (e) {
    console.error("[cache] passing through after an error:", e instanceof Error ? e.message : e);
    return NextResponse.next();
  }
}

export const config = {
  matcher: ["/tasks/:benchmark/:task", "/api/v1/tasks/:benchmark/:task/leaderboard"],
};
