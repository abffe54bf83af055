/**
 * Which toy servers the engine tests run, read from the registry
 * (`toy-servers/registry.ts`), never listed by hand. The same-bytes proof of
 * every engine (tests/e2e/engines-worker.test.ts for the Worker engine,
 * tests/unit/engines-webcontainer.test.ts and tests/unit/relay.test.ts for
 * the WebContainer engine and its relay) runs each of {@link SAME_BYTES_SERVERS};
 * tests/unit/engines-registry.test.ts checks that they do.
 */
import { SERVERS, SERVER_NAMES, type ServerName } from '../../toy-servers/registry.ts';

/** A stdio server shipped as source in `toy-servers/` (a built entry, with `fetchUrl`, is proven by its own peer tests). */
export type SameBytesServer = {
  [K in ServerName]: (typeof SERVERS)[K] extends { transport: 'stdio' } ? ((typeof SERVERS)[K] extends { fetchUrl: string } | { starter: true } ? never : K) : never;
}[ServerName];

/** Every stdio server of the registry that ships as source, in registry order (a `starter`, which answers nothing, left out). */
export const SAME_BYTES_SERVERS: readonly SameBytesServer[] = SERVER_NAMES.filter(
  (name): name is SameBytesServer => SERVERS[name].transport === 'stdio' && !('fetchUrl' in SERVERS[name]) && !('starter' in SERVERS[name]),
);

/** The entry file of a server, from the registry, e.g. `toy-servers/calendar.mjs`. */
export const entryOf = (name: ServerName): string => SERVERS[name].file;
