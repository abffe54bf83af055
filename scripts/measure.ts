/**
 * `npm run measure`: runs the real @modelcontextprotocol/server-everything with
 * the hand-written client and writes the figures the lessons quote to
 * src/data/measured.json (with package version, Node version and date), and
 * the conformance checker's verdicts on the SDK server, server-everything and
 * the course's reference server (key `checker`).
 * Prints a one-line summary. Exit code 1 when the probe did not succeed.
 */
import { writeFileSync } from 'node:fs';
import { MEASURED_FILE, REPO_ROOT, measureEverything } from '../src/cli/measured-facts.ts';
import { measureChecker } from '../src/cli/checker-facts.ts';
import { plural } from '../src/checker/format.ts';

const file = await measureEverything();
// The checker's yardstick (stages passed per server), shown in the capstone lesson.
const checker = await measureChecker();
writeFileSync(`${REPO_ROOT}${MEASURED_FILE}`, JSON.stringify({ ...file, checker }, null, 2) + '\n');
const f = file.facts;
process.stdout.write(
  `wrote ${MEASURED_FILE}: ${file.package}@${file.version} on ${file.measuredOn}: ` +
    `${f.discoverOutcome} -> ${f.era} ${f.negotiatedVersion}; tools ${f.toolsBeforeHandshake} before / ${f.toolsAfterHandshake} after the handshake; ` +
    `${f.catalogBytes} bytes; python ${f.tokens?.python.total} (cheapest ${f.tokens?.python.cheapest?.name} ${f.tokens?.python.cheapest?.tokens}, ` +
    `costliest ${f.tokens?.python.costliest?.name} ${f.tokens?.python.costliest?.tokens}), compact ${f.tokens?.compact.sumPerTool} per-tool sum, ` +
    `instructions ${f.tokens?.instructions}\n`,
);
for (const s of checker.servers) process.stdout.write(`checker: ${s.id}${s.version ? `@${s.version}` : ''}: ${plural(s.stagesPassed, 'stage')} passed, ${s.stagesFailed} failed, ${s.stagesSkipped} skipped\n`);
process.exitCode = f.negotiatedVersion ? 0 : 1;
