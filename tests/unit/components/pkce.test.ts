/**
 * PKCE helpers (src/components/pure/pkce.ts) in Node: RFC 7636 Appendix B's
 * published example, and generated verifiers checked against Node's own
 * SHA-256 (node:crypto), not against numbers written here.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { base64url, generateVerifier, hexBytes, randomState, s256, UNRESERVED, verifierProblem, VERIFIER_MAX, VERIFIER_MIN } from '../../../src/components/pure/pkce.ts';

/** Node's answer for a verifier: base64url of SHA-256 of its ASCII bytes. */
const nodeChallenge = (verifier: string) => createHash('sha256').update(Buffer.from(verifier, 'ascii')).digest('base64url');

describe('S256 (RFC 7636 §4.2)', () => {
  test('Appendix B: the published verifier gives the published challenge, byte by byte', async () => {
    const steps = await s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
    expect(steps.challenge).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(steps.challenge).toBe(nodeChallenge(steps.verifier));
    // Appendix B lists the ASCII octets of the verifier, starting 100, 66, 106 ("dBj").
    expect([...steps.ascii.slice(0, 3)]).toEqual([100, 66, 106]);
    expect(steps.ascii.length).toBe(43);
    // ... and the SHA-256 octets, starting 19, 211, 30.
    expect([...steps.digest.slice(0, 3)]).toEqual([19, 211, 30]);
    expect(steps.digest.length).toBe(32);
  });

  test('generated verifiers: valid, and their challenge is what node:crypto computes', async () => {
    for (const length of [VERIFIER_MIN, 64, VERIFIER_MAX]) {
      const v = generateVerifier(length);
      expect(v).toHaveLength(length);
      expect([...v].every((c) => UNRESERVED.includes(c))).toBe(true);
      expect(verifierProblem(v)).toBeUndefined();
      const steps = await s256(v);
      expect(steps.challenge).toBe(nodeChallenge(v));
      expect(hexBytes(steps.digest)).toBe(createHash('sha256').update(v).digest('hex').replace(/(..)(?!$)/g, '$1 '));
    }
  });

  test('two verifiers differ (random, not a constant)', () => {
    expect(generateVerifier()).not.toBe(generateVerifier());
    expect(randomState()).not.toBe(randomState());
  });

  test('over many draws every unreserved character turns up (the rejection step keeps all 66 reachable)', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generateVerifier(VERIFIER_MAX)).join(''));
    expect([...UNRESERVED].filter((c) => !seen.has(c))).toEqual([]);
  });

  test('lengths outside 43..128 are refused; bad verifiers are described', async () => {
    expect(() => generateVerifier(42)).toThrow(RangeError);
    expect(() => generateVerifier(129)).toThrow(RangeError);
    expect(verifierProblem('short')).toEqual({ kind: 'length', length: 5 });
    expect(verifierProblem(`${'a'.repeat(50)}+`)).toEqual({ kind: 'char', index: 50, char: '+' });
    await expect(s256('café')).rejects.toThrow(RangeError);
  });

  test('base64url has no padding and uses - and _', () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0xfe]);
    expect(base64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
    expect(base64url(new Uint8Array([1]))).toBe('AQ');
  });
});
