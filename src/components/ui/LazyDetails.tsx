/**
 * A `<details>` whose body is built only once opened, and that opens only
 * together with its body: a click on the summary (or Enter/Space on it, which
 * the browser turns into a click) does not let the browser open the element
 * by itself; it sets the component's own state, and one render then opens the
 * element and builds its body. Left to the browser, the element would open at
 * once with its old or empty body, and the new body would follow only after
 * the asynchronous `toggle` event, so a reader could see a body that is not
 * the one for this opening. A change made from outside (a script setting
 * `open`) is followed on `toggle`. Before the island hydrates, a click opens
 * the element the browser's way: it then shows `pending` (rendered by the
 * server too), and at hydration the component takes the open state over and
 * builds the body.
 *
 * Props: `summary` (the always-visible line), `children` (a function building
 * the body, called only while the body is built), `pending` (what an open
 * element shows while its body is not built; default nothing), `class`,
 * `open` (open at first; default false), `onOpen` / `onClose` (called in the
 * same event as the state change, so state they set renders with the opening).
 */
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

/** Props of {@link LazyDetails}. */
export interface LazyDetailsProps {
  summary: ComponentChildren;
  children: () => ComponentChildren;
  pending?: ComponentChildren;
  class?: string;
  open?: boolean;
  onOpen?: () => void;
  onClose?: () => void;
}

/** A `<details>` that opens with its body, built on first opening. */
export function LazyDetails({ summary, children, pending = null, class: className, open: openAtFirst = false, onOpen, onClose }: LazyDetailsProps): JSX.Element {
  const [open, setOpen] = useState(openAtFirst);
  const [built, setBuilt] = useState(openAtFirst);
  const element = useRef<HTMLDetailsElement>(null);
  const become = (next: boolean) => {
    if (next === open) return;
    if (next) {
      setBuilt(true);
      onOpen?.();
    } else onClose?.();
    setOpen(next);
  };
  // Opened by the reader before hydration (no handler ran): take it over now.
  useEffect(() => {
    if (element.current?.open && !open) become(true);
  }, []);
  return (
    <details ref={element} class={className} open={open} onToggle={(e) => become((e.currentTarget as HTMLDetailsElement).open)}>
      <summary
        onClick={(e) => {
          e.preventDefault();
          become(!open);
        }}
      >
        {summary}
      </summary>
      {built ? children() : pending}
    </details>
  );
}
