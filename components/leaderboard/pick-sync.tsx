"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";

/**
 * Keeps the rows ticked for comparison in the URL (`pick`), so that they survive paging, sorting
 * and a reload: a tick replaces the URL (no new history entry) and the server renders the links
 * with it. Without JavaScript the form still compares the rows ticked on this page.
 */
export function PickSync({ children, onPage }: { children: React.ReactNode; onPage: string[] }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [, start] = useTransition();
  return (
    <div
      onChange={(e) => {
        const box = e.target as HTMLInputElement;
        if (box.name !== "ids" || box.type !== "checkbox") return;
        const kept = (params.get("pick") ?? "")
          .split(",")
          .filter((id) => id && !onPage.includes(id) && id !== box.value);
        const form = box.form;
        const here = form
          ? [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="ids"]:checked')].map(
              (b) => b.value,
            )
          : [];
        const pick = [...kept, ...here].slice(0, 4);
        const next = new URLSearchParams(params.toString());
        if (pick.length) next.set("pick", pick.join(","));
        else next.delete("pick");
        const qs = next.toString();
        start(() => router.replace(`${pathname}${qs ? `?${qs}` : ""}`, { scroll: false }));
      }}
    >
      {children}
    </div>
  );
}
