// Token counting of server-everything's catalog (tiktoken o200k_base, `python` serialisation),
// beside baselines measured in the same run: serialising the same catalog, and counting its UTF-8 bytes.
import { get_encoding } from 'tiktoken';
import { measureCatalog, projectTool } from '../src/protocol/catalog.ts';
import { pythonJsonDumps } from '../src/protocol/python-json.ts';
import { utf8Length } from '../src/protocol/utf8.ts';
import { fetchEverythingCatalog, fmt, median, sample } from './everything-catalog.ts';

const { tools, instructions } = await fetchEverythingCatalog();
const projected = tools.map(projectTool);
const text = pythonJsonDumps(projected);

let t0 = performance.now();
const enc = get_encoding('o200k_base');
const loadMs = performance.now() - t0;
try {
  t0 = performance.now();
  const tokens = enc.encode(text).length;
  const firstMs = performance.now() - t0;

  const count = median(sample(() => enc.encode(text).length));
  const serialise = median(sample(() => pythonJsonDumps(projected)));
  const stringify = median(sample(() => JSON.stringify(projected)));
  const bytes = median(sample(() => utf8Length(text)));
  const tokenizer = { count: (s: string) => enc.encode(s).length };
  const full = median(sample(() => measureCatalog({ tools, instructions }, tokenizer)));

  console.log(`catalog: ${tools.length} tools, python serialisation, ${tokens.toLocaleString('en-US')} tokens, ${utf8Length(text).toLocaleString('en-US')} bytes`);
  console.log(`load o200k_base (get_encoding):          ${fmt(loadMs)}`);
  console.log(`count once, first call after load:       ${fmt(firstMs)}`);
  console.log(`count once, warm (median):               ${fmt(count)}  = ${((tokens / count) * 1000 / 1e6).toFixed(2)} M tokens/s`);
  console.log(`baseline: pythonJsonDumps (median):      ${fmt(serialise)}`);
  console.log(`baseline: JSON.stringify (median):       ${fmt(stringify)}`);
  console.log(`baseline: UTF-8 byte count (median):     ${fmt(bytes)}`);
  console.log(`full measureCatalog, both serialisations (median): ${fmt(full)}`);
  console.log(`ratio: counting tokens / pythonJsonDumps = ${(count / serialise).toFixed(1)}x; / JSON.stringify = ${(count / stringify).toFixed(1)}x; / byte count = ${(count / bytes).toFixed(0)}x`);
} finally {
  enc.free();
}
