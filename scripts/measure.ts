/**
 * `npm run measure`: runs the real @modelcontextprotocol/server-everything with
 * the hand-written client and writes the figures the lessons quote to
 * src/data/measured.json (with package version, Node version and date).
 * Prints a one-line summary. Exit code 1 when the probe did not succeed.
 */
import { writeFileSync } from 'node:fs';
import { MEASURED_FILE, REPO_ROOT, measureEverything } from '../src/cli/measured-facts.ts';

const file = await measureEverything();
writeFileSync(`${REPO_ROOT}${MEASURED_FILE}`, JSON.stringify(file, null, 2) + '\n');
const f = file.facts;
process.stdout.write(
  `wrote ${MEASURED_FILE}: ${file.package}@${file.version} on ${file.measuredOn}: ` +
    `${f.discoverOutcome} -> ${f.era} ${f.negotiatedVersion}; tools ${f.toolsBeforeHandshake} before / ${f.toolsAfterHandshake} after the handshake; ` +
    `${f.catalogBytes} bytes; python ${f.tokens?.python.total} (cheapest ${f.tokens?.python.cheapest?.name} ${f.tokens?.python.cheapest?.tokens}, ` +
    `costliest ${f.tokens?.python.costliest?.name} ${f.tokens?.python.costliest?.tokens}), compact ${f.tokens?.compact.sumPerTool} per-tool sum, ` +
    `instructions ${f.tokens?.instructions}\n`,
);
process.exitCode = f.negotiatedVersion ? 0 : 1;
