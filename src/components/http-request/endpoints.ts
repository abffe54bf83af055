/**
 * The fetch handlers one HttpRequest widget talks to: one engine process per
 * server, loaded on the first request to it (its current source, so a
 * ServerEditor's Run is what answers), loaded again after it exits, and
 * stopped all at once by Restart or when the widget goes away.
 */
import { currentEntry, openHttpEndpoint, type HttpEndpoint, type ServerName } from '../page/server-sources.ts';

/** The servers' endpoints of one widget, by server name. */
export class Endpoints {
  #open = new Map<string, Promise<HttpEndpoint>>();
  #onChange: (pid: number | undefined) => void;

  /** `onChange` hears the pid of the endpoint last opened (undefined once all are stopped). */
  constructor(onChange: (pid: number | undefined) => void) {
    this.#onChange = onChange;
  }

  /** The endpoint of `server`, opened if need be. Rejects with the engine's reason when the module cannot be loaded. */
  get(server: ServerName): Promise<HttpEndpoint> {
    let ep = this.#open.get(server);
    if (!ep) {
      ep = openHttpEndpoint(server);
      this.#open.set(server, ep);
      ep.then(
        (e) => {
          this.#onChange(e.process.pid);
          void e.process.exit.then(() => {
            if (this.#open.get(server) === ep) this.#open.delete(server);
          });
        },
        () => this.#open.delete(server),
      );
    }
    return ep;
  }

  /** The entry file a server's endpoint runs (what a load failure names). */
  entryOf(server: ServerName): string {
    return currentEntry(server);
  }

  /** Stops every endpoint; the next request loads fresh processes (fresh module state). */
  stopAll(): void {
    for (const ep of this.#open.values()) void ep.then((e) => e.process.kill(), () => undefined);
    this.#open.clear();
    this.#onChange(undefined);
  }
}
