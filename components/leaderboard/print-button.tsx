"use client";

import { useEffect } from "react";

/** Opens the browser's print dialog once the print view (all rows) has loaded. */
export function PrintOnLoad() {
  useEffect(() => {
    const t = setTimeout(() => window.print(), 300);
    return () => clearTimeout(t);
  }, []);
  return <span hidden data-print-on-load="" />;
}
