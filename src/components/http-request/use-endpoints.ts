/**
 * The HttpRequest widget's server processes (./endpoints.ts): fresh ones
 * after an engine switch or reset, or when a ServerEditor runs an edit of one
 * of the widget's servers; all stopped when the widget goes away. Also the
 * pid of the process last opened, for the engine badge.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { engineGeneration } from '../page/engine-choice.ts';
import { onServerSourceChange, type ServerName } from '../page/server-sources.ts';
import { Endpoints } from './endpoints.ts';
import type { Target } from './request-text.ts';

/** The endpoints of `targets`' servers and the pid last opened (undefined before the first request and after a restart). */
export function useEndpoints(targets: Target[]): { endpoints: Endpoints; pid: number | undefined } {
  const [pid, setPid] = useState<number | undefined>();
  const endpoints = useMemo(() => new Endpoints(setPid), []);
  useEffect(() => {
    let firstRun = true;
    const unsub = engineGeneration.subscribe(() => {
      if (firstRun) firstRun = false;
      else endpoints.stopAll();
    });
    const unsubs = targets.map((x) => onServerSourceChange(x.server as ServerName, () => endpoints.stopAll()));
    return () => {
      unsub();
      for (const u of unsubs) u();
      endpoints.stopAll();
    };
  }, []);
  return { endpoints, pid };
}
