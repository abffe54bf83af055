/**
 * Which cached results a server notification concerns, and which
 * subscription it belongs to: what a client cache needs to make copies stale
 * when `notifications/resources/updated` or a `…/list_changed` arrives on a
 * `subscriptions/listen` stream.
 *
 * https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching
 * https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions
 */
import { isObject } from './cache-hints.ts';

/**
 * Which cached methods (and, for `resources/read`, which URI) a server
 * notification invalidates, or `undefined` when it concerns no cached result.
 */
export function invalidationTarget(notification: { method: string; params?: { [key: string]: unknown } | undefined }):
  | { methods: string[]; uri?: string }
  | undefined {
  switch (notification.method) {
    case 'notifications/resources/updated': {
      const uri = notification.params?.uri;
      return typeof uri === 'string' ? { methods: ['resources/read'], uri } : undefined;
    }
    case 'notifications/resources/list_changed':
      return { methods: ['resources/list', 'resources/templates/list'] };
    case 'notifications/tools/list_changed':
      return { methods: ['tools/list'] };
    case 'notifications/prompts/list_changed':
      return { methods: ['prompts/list'] };
    default:
      return undefined;
  }
}

/** The subscription a notification belongs to: its `_meta["io.modelcontextprotocol/subscriptionId"]`, if any. */
export function subscriptionIdOf(notification: { params?: { [key: string]: unknown } | undefined }): string | number | undefined {
  const meta = notification.params?._meta;
  if (!isObject(meta)) return undefined;
  const id = meta['io.modelcontextprotocol/subscriptionId'];
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}
