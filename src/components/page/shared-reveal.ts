/**
 * Loaded by the wrappers of the widgets that open a shared exchange (Console,
 * ProbeFlow, Replay): when the page was opened with one, scrolls the widget it
 * is for into view so it hydrates and shows it (see `shared-fragment.ts`).
 */
import { revealShared } from './shared-fragment.ts';

void revealShared();
