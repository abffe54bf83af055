/**
 * Whether the island around the caller has hydrated. Before that, the page
 * shows the server-rendered markup: its buttons look ready but have no
 * handlers yet, so a click on them would be lost. Widgets render such
 * controls disabled until this turns true, which it does right after the
 * first client render (that render, like the server's, says false, so
 * hydration finds the markup it expects).
 */
import { useEffect, useState } from 'preact/hooks';

/** False in the server's render and the first client render; true from the render after hydration on. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
