/**
 * TokenMeter's count: the catalog's tools (with the reader's edited
 * descriptions) and instructions measured by the page's tokenizer Worker,
 * `debounceMs` after the last edit (at once for a newly listed catalog). A
 * count keeps the catalog it counted, so a count of an older catalog is never
 * shown as this one's.
 */
import { useEffect, useState } from 'preact/hooks';
import type { CatalogFigures, Tool } from '../../protocol/index.ts';
import { t } from '../../i18n/index.ts';
import { errorText } from '../pure/failure-text.ts';
import type { LiveCatalog } from './catalog-source.ts';
import { sharedTokenizer } from './tokenizer-client.ts';

/** The last count with the catalog it counted, and whether a count is under way; a failure goes to `setError`. */
export function useTokenCount(
  catalog: LiveCatalog | undefined,
  tools: Tool[] | undefined,
  edits: Record<string, string>,
  debounceMs: number,
  setError: (error: string) => void,
) {
  const [measured, setMeasured] = useState<{ of: LiveCatalog; figures: CatalogFigures }>();
  const [counting, setCounting] = useState(false);
  useEffect(() => {
    if (!catalog || !tools) return;
    let live = true;
    setCounting(true);
    const timer = setTimeout(
      () => {
        sharedTokenizer()
          .measure(tools, catalog.instructions)
          .then((f) => live && setMeasured({ of: catalog, figures: f }))
          .catch((e: Error) => live && setError(t('tokens.countFailed', { message: errorText(e) })))
          .finally(() => live && setCounting(false));
      },
      measured?.of === catalog ? debounceMs : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [catalog, edits]);
  return { measured, counting };
}
