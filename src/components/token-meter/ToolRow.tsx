import type { CatalogFigures, SerialisationName, Tool } from '../../protocol/index.ts';
import { formatNumber, t } from '../../i18n/index.ts';
import { richText } from '../ui/rich-text.tsx';

/** Props of {@link ToolRow}: the tool, its place `i` in `shown`'s per-tool counts, and its description's edit. */
export interface ToolRowProps {
  tool: Tool;
  i: number;
  shown: CatalogFigures;
  serialisation: SerialisationName;
  /** The largest count under `serialisation`, the bar's full width. */
  max: number;
  /** True while the layout is reserved (hidden zeros): no data attributes for tests. */
  reserving: boolean;
  /** True when the reader's description differs from the server's. */
  edited: boolean;
  onEdit: (description: string) => void;
  onRestore: () => void;
}

/** One tool of the meter: its counts under both serialisations, a bar, its description (editable) and a restore button once edited. */
export function ToolRow(p: ToolRowProps) {
  const { tool, i, shown, serialisation, max, reserving } = p;
  const fmt = (n: number) => formatNumber(n);
  const c = shown.compact.perTool[i];
  const py = shown.python.perTool[i];
  const mine = shown[serialisation].perTool[i];
  if (!c || !py || !mine) return null;
  return (
    <li class="tm-tool" data-tool={reserving ? undefined : tool.name} data-compact={reserving ? undefined : c.tokens} data-python={reserving ? undefined : py.tokens}>
      <div class="tm-tool-head">
        <code class="tm-name">{tool.name}</code>
        <span>{richText('tokens.pair', {}, { compact: <strong>{fmt(c.tokens)}</strong>, python: <strong>{fmt(py.tokens)}</strong> })}</span>
      </div>
      <div class="tm-bar" aria-hidden="true">
        <span style={{ width: `${(mine.tokens / max) * 100}%` }} />
      </div>
      <label class="tm-desc">
        <span>
          {richText('tokens.description', {}, { tool: <code>{tool.name}</code> })}
          {p.edited ? ` ${t('tokens.edited')}` : ''}
        </span>
        <textarea rows={3} data-field="description" value={tool.description ?? ''} onInput={(e) => p.onEdit((e.target as HTMLTextAreaElement).value)} />
      </label>
      {p.edited && (
        <button type="button" class="mcp-btn" data-action="restore-description" onClick={p.onRestore}>
          {t('tokens.restore')}
        </button>
      )}
    </li>
  );
}
