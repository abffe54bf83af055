/**
 * A parsed JSON value, pretty-printed and highlighted, with collapsible
 * objects and arrays (native `<details>`, so keyboard and screen readers work).
 * Renders text nodes only: whatever a server sends stays inert.
 *
 * Props: `value` (any JSON value), `openDepth` (levels open at first; default 2).
 */
import type { JSX } from 'preact';
import { t } from '../../i18n/index.ts';
import { jsonTree, leafCount, type JsonNode } from '../pure/json-tree.ts';

function Scalar({ node }: { node: Extract<JsonNode, { kind: 'scalar' }> }): JSX.Element {
  return (
    <span class={`mcp-json-${node.token}`}>
      {node.text}
      {node.truncated ? <span class="mcp-json-cut"> {t('common.json.cutNotShown', { n: node.truncated })}</span> : null}
    </span>
  );
}

function Node({ node, depth, openDepth, comma }: { node: JsonNode; depth: number; openDepth: number; comma: boolean }): JSX.Element {
  if (node.kind === 'scalar') {
    return (
      <>
        <Scalar node={node} />
        {comma ? <span class="mcp-json-punct">,</span> : null}
      </>
    );
  }
  const isArray = node.kind === 'array';
  const size = isArray ? node.items.length : node.entries.length;
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  if (size === 0) {
    return (
      <span class="mcp-json-punct">
        {open}
        {close}
        {comma ? ',' : ''}
      </span>
    );
  }
  const startOpen = depth < openDepth && leafCount(node) <= 200;
  return (
    <details class="mcp-json-block" open={startOpen}>
      <summary>
        <span class="mcp-json-punct">{open}</span>
        <span class="mcp-json-count">
          {' '}
          {t('meaning.count', { count: size, noun: t(isArray ? (size === 1 ? 'common.json.item' : 'common.json.items') : size === 1 ? 'common.json.key' : 'common.json.keys'), names: '' })}{' '}
        </span>
      </summary>
      <div class="mcp-json-children">
        {isArray
          ? node.items.map((item, i) => (
              <div class="mcp-json-row" key={i}>
                <Node node={item} depth={depth + 1} openDepth={openDepth} comma={i < size - 1} />
              </div>
            ))
          : node.entries.map((e, i) => (
              <div class="mcp-json-row" key={i}>
                <span class="mcp-json-key">{e.key}</span>
                {e.keyTruncated ? <span class="mcp-json-cut"> {t('common.json.cut', { n: e.keyTruncated })}</span> : null}
                <span class="mcp-json-punct">: </span>
                <Node node={e.value} depth={depth + 1} openDepth={openDepth} comma={i < size - 1} />
              </div>
            ))}
      </div>
      <span class="mcp-json-punct">
        {close}
        {comma ? ',' : ''}
      </span>
    </details>
  );
}

/** Pretty, highlighted, collapsible JSON. `value` is any parsed JSON; `openDepth` levels start open (default 2). */
export function JsonView({ value, openDepth = 2 }: { value: unknown; openDepth?: number }): JSX.Element {
  return (
    <div class="mcp-json">
      <Node node={jsonTree(value)} depth={0} openDepth={openDepth} comma={false} />
    </div>
  );
}
