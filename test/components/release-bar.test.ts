// The release switcher with many releases: a task re-released 14 times once pushed a phone's
// board to 1,325 px wide (so the phone zoomed it out and drew the charts below the table).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReleaseBar } from "@/components/leaderboard/release-bar";

function board(versions: string[], published: string, shown: string) {
  return {
    lb: {
      release: { version: shown, instanceCount: 10, synthetic: false, hidden: false },
      releases: versions.map((version) => ({ version, status: version === published ? "published" : "archived" })),
    },
    links: { release: (v: string | undefined) => `/t?release=${v ?? ""}` },
  } as never;
}

const inlineLinks = (html: string) => {
  const nav = html.slice(html.indexOf('data-testid="release-switcher"'), html.indexOf("</nav>"));
  const inline = nav.slice(0, nav.includes("release-more") ? nav.indexOf("release-more") : undefined);
  return [...inline.matchAll(/<a [^>]*>([^<]*)(?:<!-- -->)?([^<]*)<\/a>/g)].map((m) => m[1] + m[2]);
};

describe("ReleaseBar", () => {
  it("lists a few releases inline and the rest behind “N more”, always the published and the shown one", () => {
    const versions = Array.from({ length: 14 }, (_, i) => `r${14 - i}`); // newest first
    const html = renderToStaticMarkup(createElement(ReleaseBar, { board: board(versions, "r7", "r2"), base: "/t" }));
    expect(inlineLinks(html)).toEqual(["r14", "r13", "r12", "r11", "r7 (current)", "r2"]);
    expect(html).toContain("8 more");
    // every release is still a link on the page
    for (const v of versions) expect(html).toContain(`href="/t?release=${v === "r7" ? "" : v}"`);
    expect(html).toMatch(/flex-wrap/);
  });
  it("has no “more” with few releases", () => {
    const html = renderToStaticMarkup(createElement(ReleaseBar, { board: board(["b", "a"], "b", "b"), base: "/t" }));
    expect(html).not.toContain("release-more");
    expect(inlineLinks(html)).toEqual(["b (current)", "a"]);
  });
});
