"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

const MAX = 4;

/** The picks in a URL's `pick`, as ids. */
function picksOf(search: string): string[] {
  return (new URLSearchParams(search).get("pick") ?? "").split(",").filter(Boolean);
}

/** `url` with `pick` set to these ids (or removed). */
function withPicks(url: URL, picks: string[]): URL {
  const u = new URL(url);
  if (picks.length) u.searchParams.set("pick", picks.join(","));
  else u.searchParams.delete("pick");
  return u;
}

/**
 * Keeps the rows ticked for comparison in the URL (`pick`), so that they survive paging, sorting
 * and a reload — without a round trip: a tick replaces the URL in place (no new history entry),
 * and links and GET forms of this board carry the current picks when they are followed. At most
 * four: a fifth tick is refused and says so. Without JavaScript the form still compares the rows
 * ticked on this page. `data-live` says it listens (browser tests wait for it).
 */
export function PickSync({ children, onPage }: { children: React.ReactNode; onPage: string[] }) {
  const router = useRouter();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.dataset.live = "";
    return () => void delete el.dataset.live;
  }, []);
  return (
    <div
      ref={ref}
      data-pick-sync=""
      onChange={(e) => {
        const box = e.target as HTMLInputElement;
        if (box.name !== "ids" || box.type !== "checkbox" || !box.form) return;
        const kept = picksOf(window.location.search).filter((id) => !onPage.includes(id));
        const here = [...box.form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="ids"]:checked')].map(
          (b) => b.value,
        );
        if (kept.length + here.length > MAX) {
          box.checked = false;
          box.setCustomValidity(`Compare up to ${MAX}: untick one first`);
          box.reportValidity();
          setTimeout(() => box.setCustomValidity(""), 2000);
          return;
        }
        // ticks from other pages travel with the compare form as hidden fields
        for (const h of box.form.querySelectorAll<HTMLInputElement>('input[type="hidden"][name="ids"]'))
          if (!kept.includes(h.value)) h.remove();
        const next = withPicks(new URL(window.location.href), [...kept, ...here]);
        window.history.replaceState(window.history.state, "", next);
      }}
      onClickCapture={(e) => {
        // a link to this board (another page, a sort, the other view) keeps the current picks
        const a = (e.target as HTMLElement).closest("a[href]") as HTMLAnchorElement | null;
        // "clear" drops the picks of other pages: it must not carry them
        if (!a || a.hasAttribute("data-drop-picks")) return;
        const to = new URL(a.href, window.location.href);
        if (to.origin !== window.location.origin || to.pathname !== window.location.pathname) return;
        const picks = picksOf(window.location.search);
        if (picks.join(",") === picksOf(to.search).join(",")) return; // it carries them already
        const next = withPicks(to, picks);
        a.href = next.toString(); // for a new tab or a copied link
        const me = e as unknown as MouseEvent;
        if (me.button !== 0 || me.metaKey || me.ctrlKey || me.shiftKey || me.altKey) return;
        // a client-side link navigates to the href it was given: it stands down (default prevented)
        // and the router goes to the one with the picks; the pending bar still sees the click
        e.preventDefault();
        router.push(`${next.pathname}${next.search}${next.hash}`);
      }}
      onSubmitCapture={(e) => {
        // a GET form of this board (the column picker) too
        const form = e.target as HTMLFormElement;
        if (form.method.toLowerCase() !== "get") return;
        const to = new URL(form.action, window.location.href);
        if (to.pathname !== window.location.pathname) return;
        const picks = picksOf(window.location.search);
        let field = form.querySelector<HTMLInputElement>('input[name="pick"]');
        if (!picks.length) return field?.remove();
        if (!field) {
          field = document.createElement("input");
          field.type = "hidden";
          field.name = "pick";
          form.appendChild(field);
        }
        field.value = picks.join(",");
      }}
    >
      {children}
    </div>
  );
}
