/**
 * The Console's template menu (`templates.ts`) as the reader sees it: the
 * option chosen, and what the server's replies taught about its catalog.
 */
import { useRef, useState } from 'preact/hooks';
import type { RequestBuilder } from '../../protocol/index.ts';
import { serverEntry, type ServerName } from '../../../toy-servers/registry.ts';
import { examplesFor, learnCatalog, templates, type SeenCatalog, type Template, type TemplateContext } from './templates.ts';

/** What {@link useTemplates} returns. */
export interface TemplateMenu {
  /** The index of the option chosen in the menu. */
  template: number;
  choose(index: number): void;
  /** The menu's options, for their labels (id 1, no `_meta`). */
  options(): Template[];
  /** The templates as "Use template" puts them in the editor: the next free id, the full `_meta` when "fill in _meta" is off. */
  list(): Template[];
  /** Learns what a reply to `method` says of the catalog (`tools/list`, `resources/list`, `prompts/list`): the menu grows a template per entry. */
  learn(method: string | undefined, message: Record<string, unknown>): void;
}

/**
 * The menu of one Console's `server`: `fillMeta()` says whether "fill in
 * _meta" is on, `nextId()` the id a template gets.
 */
export function useTemplates(server: ServerName, builder: RequestBuilder, fillMeta: () => boolean, nextId: () => number): TemplateMenu {
  const [seen, setSeen] = useState<SeenCatalog>({});
  const seenRef = useRef(seen);
  seenRef.current = seen;
  const [template, setTemplate] = useState(0);
  const context = (): TemplateContext => ({ era: serverEntry(server).era, examples: examplesFor(server), seen: seenRef.current });
  return {
    template,
    choose: setTemplate,
    options: () => templates(1, false, builder, context()),
    list: () => templates(nextId(), !fillMeta(), builder, context()),
    learn: (method, message) => setSeen((prev) => learnCatalog(prev, method, message)),
  };
}
