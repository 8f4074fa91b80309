"use client";

import { useEffect } from "react";

/** Opens the browser's print dialog once the print view (all rows) has loaded. */
export function PrintOnLoad() {
  useEffect(() => {
    const t = setTimeout(() => window.print(), 300);
    return () => clearTimeout(t);
  }, []);
  // a light page hydrates at once when it finds this (lib/server/http/light-page.ts)
  return <span hidden data-print-on-load="" />;
}
