import { describe, expect, it } from 'vitest';
import { retryRequest } from '../../../src/protocol/mrtr.ts';
import { RequestBuilder } from '../../../src/protocol/request-builder.ts';

// The request of each round of a multi round-trip request: https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr
describe('retryRequest', () => {
  const builder = () => new RequestBuilder({ clientCapabilities: { elicitation: { form: {} } } });
  const params = { name: 'create_event', arguments: { title: 'x' }, requestState: 'old', inputResponses: { a: {} } };

  it('a retry has the given id, the original params, inputResponses and requestState verbatim, and the full _meta', () => {
    const state = 'eyJ\u00e9\\"weird';
    const answer = { when: { action: 'accept', content: { startsAt: 'z' } } };
    const r = retryRequest(builder(), 'tools/call', params, { inputResponses: answer, requestState: state }, { id: 5 });
    expect(r.id).toBe(5);
    expect(r.method).toBe('tools/call');
    expect(r.params!.requestState).toBe(state);
    expect(r.params!.arguments).toEqual({ title: 'x' });
    expect(r.params!.inputResponses).toEqual(answer);
    expect(r.params!._meta).toHaveProperty(['io.modelcontextprotocol/clientCapabilities'], { elicitation: { form: {} } });
    expect(Object.keys(r.params!)[0]).toBe('_meta');
  });

  it('leaves out what the answers do not carry, including what the original params carried', () => {
    const none = retryRequest(builder(), 'tools/call', params, {}, { id: 6 });
    expect(none.params).not.toHaveProperty('requestState');
    expect(none.params).not.toHaveProperty('inputResponses');
    const stateOnly = retryRequest(builder(), 'resources/read', { uri: 'calendar://week' }, { requestState: 's' }, { id: 7 });
    expect(stateOnly.params).not.toHaveProperty('inputResponses');
    expect(stateOnly.params!.requestState).toBe('s');
  });

  it('takes the builder\'s next id when none is given, and never changes the params it was given', () => {
    const b = builder();
    const copy = structuredClone(params);
    expect(retryRequest(b, 'tools/call', params, {}).id).toBe(1);
    expect(retryRequest(b, 'tools/call', params, {}).id).toBe(2);
    expect(params).toEqual(copy);
  });
});
