/**
 * Whether an element has come on screen (an IntersectionObserver, dropped once
 * it has): TokenMeter loads nothing heavy before then.
 */
import { useEffect, useState } from 'preact/hooks';
import type { RefObject } from 'preact';

/** False until `root`'s element first intersects the viewport, then true for good. */
export function useOnScreen(root: RefObject<HTMLElement>): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setVisible(true);
        io.disconnect();
      }
    });
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return visible;
}
