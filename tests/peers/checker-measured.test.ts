// The checker's yardstick stays true: re-run the checker on the SDK server, server-everything and the
// reference server, and compare with the `checker` section of src/data/measured.json. When this fails, rerun
// `npm run measure`, review the diff, and update the capstone lesson if its prose depends on the figures.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEASURED_FILE, REPO_ROOT, installedVersion } from '../../src/cli/measured-facts.ts';
import { measureChecker, type CheckerFacts } from '../../src/cli/checker-facts.ts';

const committed = (JSON.parse(readFileSync(`${REPO_ROOT}${MEASURED_FILE}`, 'utf8')) as { checker: CheckerFacts }).checker;

describe(`${MEASURED_FILE} checker section matches a fresh run`, () => {
  it('names installed versions and a date', () => {
    expect(committed.measuredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const s of committed.servers) if (s.package) expect(s.version).toBe(installedVersion(s.package));
    expect(committed.servers.map((s) => s.id)).toEqual(['sdk-server', 'server-everything', 'reference']);
  });

  it('every verdict equals what the checker gives now', async () => {
    const fresh = await measureChecker();
    expect(fresh.servers).toEqual(committed.servers);
  }, 240_000);
});
