/**
 * Booting WebContainer once per page, with a timeout and a clear reason when
 * it cannot work. WebContainer needs: a cross-origin isolated page
 * (SharedArrayBuffer), StackBlitz's servers (its runtime is loaded from
 * stackblitz.com; offline the boot promise never settles, so we time out),
 * and on a course owner's own domain a StackBlitz API key.
 *
 * Offline, or with StackBlitz blocked, the boot promise never settles; so
 * while it runs, a reachability check asks for StackBlitz's headless page
 * (the very page the boot loads in an iframe) and a network error ends the
 * boot at once with the `offline` reason, instead of waiting for the timeout.
 */
import type { ContainerApi, ContainerLike } from './webcontainer-api.ts';

/** Why WebContainer is not in use. */
export type BootFailureCode =
  | 'not-isolated'
  | 'no-shared-array-buffer'
  | 'offline'
  | 'timeout'
  | 'licence-missing'
  | 'licence-refused'
  | 'boot-failed';

/**
 * The variable parts of a boot failure, so a page can say it in the reader's
 * language from `code` plus these (the English `message` says the same).
 */
export interface BootFailureDetails {
  /** The boot timeout that ran out, in seconds (`timeout`, `licence-missing`). */
  seconds?: number;
  /** What the WebContainer API said, as it said it (`licence-refused`, `boot-failed`). */
  detail?: string;
  /** `offline` only: true when the browser claims to be online but StackBlitz could not be reached. */
  unreachable?: boolean;
}

/** A failed boot: `code` (plus `details`) for programs, `message` for readers (one sentence or two, English). */
export class BootFailure extends Error {
  constructor(
    readonly code: BootFailureCode,
    message: string,
    readonly details: BootFailureDetails = {},
  ) {
    super(message);
    this.name = 'BootFailure';
  }
}

/** Options of {@link bootWebContainer}. */
export interface BootOptions {
  /** How long to wait for the boot, in ms. Default 20000. */
  timeoutMs?: number;
  /** StackBlitz WebContainer API key (client id), from the course config. */
  apiKey?: string;
  /** The API; default: `@webcontainer/api`, loaded only now. */
  api?: ContainerApi;
  /**
   * Resolves when StackBlitz answers, rejects when the network says no.
   * Default: {@link probeStackBlitz} when the real API is used; none when
   * `api` is given (tests).
   */
  reachable?: () => Promise<unknown>;
  /** The page's environment (tests pass their own). */
  environment?: { crossOriginIsolated: boolean; hasSharedArrayBuffer: boolean; online: boolean; hostname: string };
}

let booted: Promise<ContainerLike> | undefined;

/** `@webcontainer/api`, loaded only when a boot is asked for, in the shape the engine uses. */
async function loadApi(): Promise<ContainerApi> {
  const { WebContainer, configureAPIKey } = await import('@webcontainer/api');
  return {
    boot: (options) => WebContainer.boot(options) as unknown as Promise<ContainerLike>,
    configureAPIKey: (key) => configureAPIKey(key),
  };
}

function currentEnvironment() {
  return {
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    hasSharedArrayBuffer: typeof SharedArrayBuffer === 'function',
    online: typeof navigator === 'undefined' || navigator.onLine !== false,
    hostname: typeof location === 'undefined' ? 'localhost' : location.hostname,
  };
}

/**
 * Asks for StackBlitz's headless page, the page `WebContainer.boot` loads in
 * a hidden iframe (`<origin>/headless`, origin `https://stackblitz.com` unless
 * the page sets `WEBCONTAINER_API_IFRAME_URL`). A `no-cors` request: no body
 * is read, only whether an answer came. That page is made to be embedded by
 * cross-origin isolated pages, so it sends the resource policy headers their
 * embedder policy asks for, and the request is not blocked by them. Rejects
 * (a TypeError from `fetch`) when the network cannot reach it.
 */
export function probeStackBlitz(): Promise<unknown> {
  const origin = new URL((globalThis as { WEBCONTAINER_API_IFRAME_URL?: string }).WEBCONTAINER_API_IFRAME_URL ?? 'https://stackblitz.com').origin;
  return fetch(`${origin}/headless?coep=require-corp`, { mode: 'no-cors', cache: 'no-store', credentials: 'omit' });
}

const LOCAL = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|.*\.localhost)$/;

/**
 * Boots WebContainer, once per page: later calls return the same promise
 * (a failed boot stays failed until the page is reloaded, because
 * WebContainer allows one boot per page). Rejects with a {@link BootFailure}.
 */
export function bootWebContainer(options: BootOptions = {}): Promise<ContainerLike> {
  booted ??= boot(options);
  return booted;
}

/** Forgets the page's boot (tests only). */
export function forgetBoot(): void {
  booted = undefined;
}

async function boot(options: BootOptions): Promise<ContainerLike> {
  const env = options.environment ?? currentEnvironment();
  const timeoutMs = options.timeoutMs ?? 20_000;
  if (!env.hasSharedArrayBuffer) {
    throw new BootFailure('no-shared-array-buffer', 'WebContainer needs SharedArrayBuffer, which this browser does not provide here.');
  }
  if (!env.crossOriginIsolated) {
    throw new BootFailure(
      'not-isolated',
      'WebContainer needs a cross-origin isolated page, and this host does not send the isolation headers (Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy).',
    );
  }
  if (!env.online) throw new BootFailure('offline', 'WebContainer needs the network (it loads from StackBlitz), and the browser is offline.');
  const reachable = options.reachable ?? (options.api ? undefined : probeStackBlitz);
  const api: ContainerApi = options.api ?? (await loadApi());
  if (options.apiKey) api.configureAPIKey?.(options.apiKey);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const missingKey = !options.apiKey && !LOCAL.test(env.hostname);
      reject(
        missingKey
          ? new BootFailure(
              'licence-missing',
              `WebContainer did not start within ${timeoutMs / 1000} s. This site sets no StackBlitz API key, which a course on its own domain needs; the network to StackBlitz may also be blocked.`,
              { seconds: timeoutMs / 1000 },
            )
          : new BootFailure('timeout', `WebContainer did not start within ${timeoutMs / 1000} s: StackBlitz could not be reached (no network, or it is blocked).`, {
              seconds: timeoutMs / 1000,
            }),
      );
    }, timeoutMs);
  });
  const unreachable = new Promise<never>((_, reject) => {
    reachable?.().catch(() =>
      reject(new BootFailure('offline', 'WebContainer needs StackBlitz (it loads from stackblitz.com), and this page cannot reach it: no network, or it is blocked.', { unreachable: true })),
    );
  });
  try {
    return await Promise.race([api.boot({ coep: 'require-corp', workdirName: 'course' }), timeout, unreachable]);
  } catch (error) {
    if (error instanceof BootFailure) throw error;
    const text = error instanceof Error ? error.message : String(error);
    if (/unauthori[sz]ed|forbidden|client[_ ]?id|api key|licen[cs]e|not allowed/i.test(text)) {
      throw new BootFailure('licence-refused', `StackBlitz refused this site's WebContainer API key: ${text}`, { detail: text });
    }
    throw new BootFailure('boot-failed', `WebContainer failed to start: ${text}`, { detail: text });
  } finally {
    clearTimeout(timer);
  }
}
