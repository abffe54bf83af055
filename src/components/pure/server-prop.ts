/**
 * The build-time check of a widget's `server` prop. Every `.astro` wrapper
 * that takes a server (Console, ServerEditor, ProbeFlow, HandshakeHazard, Replay, TokenMeter,
 * Checker, HttpRequest, CacheView) calls it in its
 * frontmatter, so a lesson that names an unknown server, or a server the
 * widget cannot run, fails the build with a message naming the widget, the
 * prop and the servers it can run. The list is the registry's
 * (`toy-servers/registry.ts`); nothing falls back to the calendar.
 *
 * ```ts
 * checkServerProp('Console', 'calendar');             // 'calendar'
 * checkServerProp('Replay', 'legacy');                 // throws: <Replay server="legacy">: Replay cannot run server "legacy"; it can run: calendar, calendar-handles
 * ```
 */
import { serverEntry, type ServerName, type WidgetName } from '../../../toy-servers/registry.ts';

/**
 * Returns `name` as a {@link ServerName} when `widget` may run it. Throws an
 * Error whose message starts with `<Widget prop="name">:` and names the
 * servers the widget can run, when it is unknown or not allowed.
 */
export function checkServerProp(widget: WidgetName, name: string, prop = 'server'): ServerName {
  try {
    serverEntry(name, widget);
  } catch (error) {
    throw new Error(`<${widget} ${prop}="${name}">: ${error instanceof Error ? error.message : String(error)}`);
  }
  return name as ServerName;
}
