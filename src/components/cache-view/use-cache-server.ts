/**
 * The real server process behind CacheView: one stdio process of the page's
 * engine, started on the first request, its lines kept for the wire view (the
 * newest WIRE_KEEP), stopped and started by the reader (a stopped server
 * refuses every request, so the cache serves what it has), and dropped when
 * the page's engine is replaced or its files reset (the next request starts a
 * fresh process). Also which `subscriptions/listen` request is open on it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { Connection, type JsonRpcNotification, type RequestId } from '../../protocol/index.ts';
import { engineGeneration } from '../page/engine-choice.ts';
import { type ServerFor, spawnServer } from '../page/server-sources.ts';
import { say, type CacheKey, type WireItem } from './cache-words.ts';

const WIRE_KEEP = 40;

/**
 * The process of `server`, with `note` for the log and `counter` numbering
 * its lines. `connection(onNotification)` starts it when need be (throws with
 * the `stopped` sentence while the reader has it stopped).
 */
export function useCacheServer(server: ServerFor<'CacheView'>, note: (kind: CacheKey) => void, counter: { current: number }) {
  const conn = useRef<Connection | undefined>(undefined);
  const listenId = useRef<RequestId | undefined>(undefined);
  const stopped = useRef(false);
  const [wire, setWire] = useState<WireItem[]>([]);
  const [pid, setPid] = useState<number | undefined>(undefined);
  const [listening, setListening] = useState(false);
  const [serverUp, setServerUp] = useState(true);

  const generation = engineGeneration.value;
  useEffect(() => {
    // The page's engine was replaced or its files reset: the next request starts a fresh process.
    return () => dropConnection();
  }, [generation]);

  function dropConnection() {
    const c = conn.current;
    conn.current = undefined;
    listenId.current = undefined;
    setListening(false);
    if (c) c.kill();
  }

  async function connection(onNotification: (m: JsonRpcNotification) => void): Promise<Connection> {
    if (stopped.current) throw new Error(say('stopped'));
    const live = conn.current;
    if (live && !live.ended) return live;
    const c = new Connection(await spawnServer(server), { timeoutMs: 10_000 });
    conn.current = c;
    setPid(c.pid);
    c.onEntry((e) => {
      if (e.channel === 'stderr') return;
      const item: WireItem = { n: ++counter.current, dir: e.direction, text: e.text };
      setWire((w) => [...w, item].slice(-WIRE_KEEP));
    });
    c.onNotification((m) => onNotification(m));
    return c;
  }

  const toggleServer = () => {
    if (serverUp) {
      stopped.current = true;
      dropConnection();
      setServerUp(false);
      note('stopped');
    } else {
      stopped.current = false;
      setServerUp(true);
      note('started');
    }
  };

  return { conn, listenId, wire, pid, listening, setListening, serverUp, connection, toggleServer };
}

/** What {@link useCacheServer} returns. */
export type CacheServer = ReturnType<typeof useCacheServer>;
