import crypto from "node:crypto";
import { chooseCoding, encodeBody, type Coding, type Encoded } from "./encodings";

// A page for visitors that costs a phone nothing to load. A board page answered from the response
// cache is whole HTML (inline-boundaries.ts): its rows, filters, sort links and static charts work
// without any script. Next.js would still make the phone hydrate all of it — its React Server
// Components payload (about 300 KB for 50 rows, the page again as data) parsed and walked on load,
// 1–2 s of main thread on a slow phone while the reader waits to scroll. So the stored page leaves
// Next's scripts out and carries one small script instead (ISLAND): it does the two things a
// board's controls do before React is there (a filter submits on change; a tick keeps the picks
// in the URL and on the links) and brings React in only when the page needs it — a chart that
// Recharts draws comes near the screen, or the reader presses a button, a key or a field. Then it
// asks the cache for the scripts it left out (`?_hydrate=TOKEN`: the same entry, so the same
// render) and the page hydrates as before; a button pressed in between is pressed again once React
// holds it. A board state is one TOKEN (a hash of the whole render), so a payload that no longer
// matches the page is refused (410) and the page stays as it is, still whole.

/** The query parameter the island asks for a page's left-out scripts with. */
export const HYDRATE_PARAM = "_hydrate";

/** What a light page needs to hydrate: Next's script files, in order, and its payload's pushes. */
export interface Hydration {
  token: string;
  /** the JSON the island fetches: { scripts: string[], flight: unknown[] } */
  body: Buffer;
  /** its compressed copies, made when it is first asked for (most pages are never hydrated) */
  encoded?: Promise<Encoded>;
}

/**
 * The answer to `?_hydrate=TOKEN` for a stored page: its left-out scripts when TOKEN is the
 * render's (the same bytes for every visitor of a board state), else a 410 — the board moved on
 * since the page was read, and its DOM is not the one this payload would hydrate.
 */
export async function hydrationAnswer(
  hydration: Hydration | undefined,
  token: string,
  acceptEncoding: string | null,
): Promise<{ status: 200 | 410; body: Buffer; coding: Coding | null }> {
  if (!hydration || hydration.token !== token) {
    const error = { code: "gone", message: "This page's board has changed since it was read: reload it." };
    return { status: 410, body: Buffer.from(JSON.stringify({ error })), coding: null };
  }
  hydration.encoded ??= encodeBody(hydration.body, "application/json");
  const encoded = await hydration.encoded;
  const coding = chooseCoding(acceptEncoding, encoded);
  return { status: 200, body: coding ? encoded[coding]! : hydration.body, coding };
}

// prettier-ignore
const ISLAND = [
  "(function(){",
  "var me=document.currentScript,token=me&&me.getAttribute('data-hydrate'),from=location.href,started=false;",
  "var root=document.documentElement;",
  "function live(el){return !!(el&&el.closest('[data-live]'))}",
  "function react(el){for(var k in el)if(k.indexOf('__reactProps$')===0)return true;return false}",
  // bring React in: the scripts and payload this render left out
  "function hydrate(){if(started||!token)return;started=true;root.setAttribute('data-hydration','loading');",
  "var u=new URL(from);u.searchParams.set('" + HYDRATE_PARAM + "',token);",
  "fetch(u.toString(),{credentials:'same-origin'}).then(function(r){return r.ok?r.json():null}).then(function(h){",
  "if(!h){root.setAttribute('data-hydration','stale');return}",
  "var f=self.__next_f=self.__next_f||[];h.flight.forEach(function(x){f.push(x)});",
  "h.scripts.forEach(function(src){var s=document.createElement('script');s.src=src;s.async=true;document.head.appendChild(s)});",
  "root.setAttribute('data-hydration','started')",
  "}).catch(function(){root.setAttribute('data-hydration','failed')})}",
  // what needs React: a chart drawn by Recharts near the screen, a print view, a press that is not a link's
  "var charts=document.querySelectorAll('[data-in-view=\"waiting\"],[data-chart-loading]');",
  "if(charts.length&&'IntersectionObserver' in window){var io=new IntersectionObserver(function(es){",
  "if(es.some(function(e){return e.isIntersecting})){io.disconnect();hydrate()}},{rootMargin:'300px'});",
  "charts.forEach(function(c){io.observe(c)})}",
  "if(document.querySelector('[data-print-on-load]'))hydrate();",
  "function own(t){return !(t instanceof Element)||t.closest('a[href]')||(t.form&&t.form.querySelector('[data-auto-submit]'))}",
  "['pointerdown','keydown','touchstart','focusin'].forEach(function(type){",
  "document.addEventListener(type,function(e){if(!own(e.target))hydrate()},{capture:true,passive:true})});",
  // a button pressed before React holds it is pressed again when it does (a form's submit button works by itself)
  "document.addEventListener('click',function(e){var b=e.target instanceof Element&&e.target.closest('button,[role=\"button\"]');",
  "if(!b||!started||react(b)||(b.form&&b.type==='submit'))return;e.preventDefault();",
  "var n=0,t=setInterval(function(){if(react(b)){clearInterval(t);b.click()}else if(++n>300)clearInterval(t)},50)},true);",
  // before React: a filter form submits when a control changes (components/leaderboard/auto-submit.tsx)
  "function picks(s){return(new URLSearchParams(s).get('pick')||'').split(',').filter(Boolean)}",
  "function withPicks(u,p){u=new URL(u);if(p.length)u.searchParams.set('pick',p.join(','));else u.searchParams.delete('pick');return u}",
  "document.addEventListener('change',function(e){var t=e.target,f=t.form;if(!f)return;",
  "var mark=f.querySelector('[data-auto-submit]');",
  "if(mark&&!live(mark)&&t.type!=='search'&&t.type!=='text'){f.requestSubmit();return}",
  // ... and a tick keeps the picks in the URL (components/leaderboard/pick-sync.tsx)
  "var ps=t.closest('[data-pick-sync]');if(!ps||live(ps)||t.name!=='ids'||t.type!=='checkbox')return;",
  "var boxes=[].slice.call(f.querySelectorAll('input[type=\"checkbox\"][name=\"ids\"]'));",
  "var onPage=boxes.map(function(b){return b.value});",
  "var kept=picks(location.search).filter(function(id){return onPage.indexOf(id)<0});",
  "var here=boxes.filter(function(b){return b.checked}).map(function(b){return b.value});",
  "if(kept.length+here.length>4){t.checked=false;t.setCustomValidity('Compare up to 4: untick one first');t.reportValidity();",
  "setTimeout(function(){t.setCustomValidity('')},2000);return}",
  "[].forEach.call(f.querySelectorAll('input[type=\"hidden\"][name=\"ids\"]'),function(h){if(kept.indexOf(h.value)<0)h.remove()});",
  "history.replaceState(history.state,'',withPicks(location.href,kept.concat(here)))});",
  // ... and links and GET forms of this board carry them
  "document.addEventListener('click',function(e){var a=e.target instanceof Element&&e.target.closest('a[href]');",
  "if(!a||a.hasAttribute('data-drop-picks')||!a.closest('[data-pick-sync]:not([data-live])'))return;",
  "var to=new URL(a.href,location.href);if(to.origin!==location.origin||to.pathname!==location.pathname)return;",
  "var p=picks(location.search);if(p.join(',')!==picks(to.search).join(','))a.href=withPicks(to,p).toString()},true);",
  "document.addEventListener('submit',function(e){var f=e.target;if(f.method.toLowerCase()!=='get'||!f.closest('[data-pick-sync]:not([data-live])'))return;",
  "if(new URL(f.action,location.href).pathname!==location.pathname)return;var p=picks(location.search);",
  "var x=f.querySelector('input[name=\"pick\"]');if(!p.length){if(x)x.remove();return}",
  "if(!x){x=document.createElement('input');x.type='hidden';x.name='pick';f.appendChild(x)}x.value=p.join(',')},true);",
  // ... a permalink to a folded part opens it (components/traces/trace-controls.tsx: #step-12)
  "function openTarget(){var id=location.hash.slice(1),el=id&&document.getElementById(id);",
  "var d=el&&(el.matches('details')?el:el.querySelector('details'));if(d&&!d.open){d.open=true;el.scrollIntoView({block:'start'})}}",
  "openTarget();window.addEventListener('hashchange',openTarget);",
  // ... and a click on a link or a GET form shows at once that the next page is coming
  // (components/navigation-progress.tsx, which takes over once live: data-navigation-ready="1")
  "root.setAttribute('data-navigation-ready','island');",
  // (the bar and the note are in the page, shown by CSS while <html data-nav-pending> is set)
  "var timer;function clear(){root.removeAttribute('data-nav-pending');root.removeAttribute('data-nav-from');clearTimeout(timer)}",
  "function pending(){if(root.getAttribute('data-navigation-ready')!=='island'||root.hasAttribute('data-nav-pending'))return;",
  // (where it started, as components/navigation-progress.tsx spells a view: React carries it on from there)
  "root.setAttribute('data-nav-from',location.pathname+'?'+new URLSearchParams(location.search));",
  "root.setAttribute('data-nav-pending','1');timer=setTimeout(clear,15000)}",
  // (only a page restored from the back/forward cache: the first pageshow comes after load, and
  // load waits for the scripts hydration adds, so a navigation may already be under way)
  "window.addEventListener('pageshow',function(e){if(e.persisted)clear()});window.addEventListener('popstate',clear);",
  // on the window, before anything else hears the event: React, half hydrated, stops a click's
  // propagation while the part it lands on cannot hydrate yet (the browser still follows the link)
  "window.addEventListener('click',function(e){if(e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;",
  "var a=e.target instanceof Element&&e.target.closest('a[href]');if(!a||(a.target&&a.target!=='_self')||a.hasAttribute('download'))return;",
  "var u=new URL(a.href,location.href);if(u.origin!==location.origin||u.pathname.indexOf('/api/')===0)return;",
  "if(u.pathname===location.pathname&&u.search===location.search)return;pending()},true);",
  "window.addEventListener('submit',function(e){var f=e.target;if(f.method.toLowerCase()!=='get')return;",
  "if(new URL(f.action,location.href).pathname.indexOf('/api/')===0)return;pending()},true);",
  "})();",
].join("");

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const FLIGHT = /^\(?self\.__next_f(?:=self\.__next_f\|\|\[\])?\)?\.push\(([\s\S]*)\)$/;
const SCRIPT_PRELOAD = /<link\b[^>]*\brel="preload"[^>]*\bas="script"[^>]*>/gi;

/**
 * The page without Next's scripts (its script files, its payload's pushes, React's emptied
 * streaming calls) and with the island instead; and what the island fetches to hydrate it. Null
 * when the HTML is not a Next.js page (nothing to leave out).
 */
export function lightenPage(html: string): { html: string; hydration: Hydration } | null {
  const scripts: string[] = [];
  // the pushes' arguments as Next.js wrote them (JSON arrays): joined, not parsed and written again
  const flight: string[] = [];
  let last = -1;
  const light = html.replace(SCRIPT, (whole, attrs: string, text: string, at: number) => {
    const src = /\ssrc="([^"]+)"/.exec(` ${attrs}`)?.[1];
    if (src) {
      if (!src.startsWith("/_next/")) return whole;
      scripts.push(src.replace(/&amp;/g, "&"));
      return "";
    }
    const push = FLIGHT.exec(text.trim());
    if (push) {
      flight.push(push[1]);
      last = at;
      return "";
    }
    // React's streaming calls, emptied once their moves were made on the server (inline-boundaries.ts)
    return text.trim() === "void 0" ? "" : whole;
  });
  if (!flight.length || !scripts.length || last < 0) return null;
  const token = crypto.createHash("sha256").update(html).digest("base64url").slice(0, 22);
  const island = `<script data-hydrate="${token}">${ISLAND}</script>`;
  const withoutPreloads = light.replace(SCRIPT_PRELOAD, (l) => (/href="\/_next\//.test(l) ? "" : l));
  const end = withoutPreloads.lastIndexOf("</body>");
  const out = end < 0 ? withoutPreloads + island : withoutPreloads.slice(0, end) + island + withoutPreloads.slice(end);
  return {
    html: out,
    hydration: { token, body: Buffer.from(`{"scripts":${JSON.stringify(scripts)},"flight":[${flight.join(",")}]}`) },
  };
}

/** Whether stored pages are made light (LEADERBOARD_LIGHT_PAGES=0 keeps Next's scripts in them). */
export function lightPages(): boolean {
  return process.env.LEADERBOARD_LIGHT_PAGES !== "0";
}
