// Link-preview images (Open Graph / Twitter cards, 1200×630) drawn by next/og: plain flexbox
// JSX with inline styles (satori's subset of CSS), no client code.

export const OG_SIZE = { width: 1200, height: 630 };

const GREEK: Record<string, string> = {
  α: "alpha",
  β: "beta",
  γ: "gamma",
  δ: "delta",
  κ: "kappa",
  ρ: "rho",
  σ: "sigma",
  τ: "tau",
  μ: "mu",
  π: "pi",
  Δ: "Delta",
};

/**
 * Text the bundled font draws: Greek letters spelled out, anything else it lacks replaced by "?"
 * (next/og would otherwise try to download a font for it from Google, which this server may not reach).
 */
export function ogText(s: string): string {
  return s.replace(/[αβγδκρσςτμπΔ]/g, (c) => GREEK[c] ?? "?").replace(/[^\u0020-\u024F\u2010-\u2027]/gu, "?");
}

export interface OgRow {
  rank: string;
  name: string;
  team: string;
  value: string;
  note: string;
}

const frame = {
  width: "100%",
  height: "100%",
  display: "flex",
  flexDirection: "column" as const,
  background: "#ffffff",
  color: "#0f172a",
  padding: "48px 56px",
  fontSize: 28,
};

function Header({ kicker, title, sub }: { kicker: string; title: string; sub: string }) {
  return (
    <div style={{ display: "flex", flexDirection: "column" }}>
      <div style={{ display: "flex", fontSize: 24, color: "#0369a1" }}>{ogText(kicker)}</div>
      <div style={{ display: "flex", fontSize: 52, fontWeight: 700, marginTop: 6 }}>{ogText(title)}</div>
      <div style={{ display: "flex", fontSize: 26, color: "#475569", marginTop: 6 }}>{ogText(sub)}</div>
    </div>
  );
}

function Footer({ text }: { text: string }) {
  return <div style={{ display: "flex", marginTop: "auto", fontSize: 20, color: "#64748b" }}>{ogText(text)}</div>;
}

/** A leaderboard: the top five with their primary metric and interval. */
export function BoardCard({
  kicker,
  title,
  sub,
  metric,
  rows,
  footer,
}: {
  kicker: string;
  title: string;
  sub: string;
  metric: string;
  rows: OgRow[];
  footer: string;
}) {
  return (
    <div style={frame}>
      <Header kicker={kicker} title={title} sub={sub} />
      <div style={{ display: "flex", flexDirection: "column", marginTop: 28 }}>
        <div
          style={{
            display: "flex",
            fontSize: 20,
            color: "#64748b",
            borderBottom: "2px solid #e2e8f0",
            paddingBottom: 6,
          }}
        >
          <div style={{ display: "flex", width: 60 }}>#</div>
          <div style={{ display: "flex", flex: 1 }}>model · team</div>
          <div style={{ display: "flex", width: 330, justifyContent: "flex-end" }}>{ogText(metric)}</div>
        </div>
        {rows.length ? (
          rows.map((r, i) => (
            <div
              key={i}
              style={{ display: "flex", alignItems: "center", padding: "10px 0", borderBottom: "1px solid #f1f5f9" }}
            >
              <div style={{ display: "flex", width: 170, color: "#64748b" }}>{r.rank}</div>
              <div style={{ display: "flex", flex: 1, overflow: "hidden" }}>
                <span style={{ fontWeight: 700 }}>{ogText(r.name)}</span>
                <span style={{ color: "#64748b", marginLeft: 12, fontSize: 22, alignSelf: "center" }}>
                  {ogText(r.team)}
                </span>
              </div>
              <div style={{ display: "flex", width: 330, justifyContent: "flex-end", fontWeight: 700 }}>
                {ogText(r.value)}
                <span style={{ fontWeight: 400, color: "#64748b", fontSize: 20, marginLeft: 8, alignSelf: "center" }}>
                  {ogText(r.note)}
                </span>
              </div>
            </div>
          ))
        ) : (
          <div style={{ display: "flex", padding: "20px 0", color: "#64748b" }}>No ranked submissions yet.</div>
        )}
      </div>
      <Footer text={footer} />
    </div>
  );
}

/** One submission (or a comparison): a grid of named values. */
export function MetricsCard({
  kicker,
  title,
  sub,
  items,
  footer,
}: {
  kicker: string;
  title: string;
  sub: string;
  items: { label: string; value: string }[];
  footer: string;
}) {
  return (
    <div style={frame}>
      <Header kicker={kicker} title={title} sub={sub} />
      <div style={{ display: "flex", flexWrap: "wrap", marginTop: 32 }}>
        {items.slice(0, 8).map((m) => (
          <div
            key={m.label}
            style={{
              display: "flex",
              flexDirection: "column",
              width: 260,
              marginRight: 16,
              marginBottom: 20,
              padding: "14px 18px",
              border: "2px solid #e2e8f0",
              borderRadius: 12,
            }}
          >
            <div style={{ display: "flex", fontSize: 20, color: "#64748b" }}>{ogText(m.label)}</div>
            <div style={{ display: "flex", fontSize: 36, fontWeight: 700 }}>{ogText(m.value)}</div>
          </div>
        ))}
      </div>
      <Footer text={footer} />
    </div>
  );
}
