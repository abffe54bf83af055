/**
 * English strings of the engine area (keys `engine.*`): the engine badge
 * (src/components/ui/EngineBadge.tsx) and the sentences the page engine
 * (src/components/page/engine-status.ts) gives for a fallback or failure.
 *
 * `engine.reason.<code>` is one reason; engine-status.ts names reasons by that
 * code (`EngineReasonCode`) plus details, and the badge translates them.
 * Product names (WebContainer, StackBlitz, Node, SharedArrayBuffer) and
 * header names stay as they are in every language.
 */
export const engine = {
  'engine.kind.worker': 'Worker engine',
  'engine.kind.webcontainer': 'WebContainer (real Node)',
  'engine.kind.node': 'Node',
  'engine.kind.unknown': 'engine',
  'engine.state.idle': 'engine not started yet',
  'engine.state.loading': 'engine starting…',
  'engine.state.failed': 'engine failed',
  'engine.pid': 'pid {pid}',
  'engine.noProcess': 'no process',
  'engine.runInNode': 'Run in real Node',
  'engine.startingNode': 'Starting real Node…',
  'engine.resetFiles': 'Reset files',
  'engine.resetting': 'Resetting…',

  'engine.reason.starting': 'Starting real Node (WebContainer)…',
  'engine.reason.off': 'WebContainer is turned off for this course, so every server runs in the Worker engine.',
  'engine.reason.notIsolated':
    'WebContainer needs a cross-origin isolated page, and this page is not isolated (its host does not send the COOP and COEP headers).',
  'engine.reason.fallback': 'Running in the Worker engine: {why}',
  'engine.reason.noEngine': 'No engine could start: {detail}',
  'engine.reason.cannotReset': 'the {kind} engine cannot reset its files',
  'engine.reason.noFetchHandler': 'the {kind} engine cannot serve a fetch handler',
  'engine.reason.other': '{detail}',
  'engine.reason.noSharedArrayBuffer': 'WebContainer needs SharedArrayBuffer, which this browser does not provide here.',
  'engine.reason.bootNotIsolated':
    'WebContainer needs a cross-origin isolated page, and this host does not send the isolation headers (Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy).',
  'engine.reason.offline': 'WebContainer needs the network (it loads from StackBlitz), and the browser is offline.',
  'engine.reason.unreachable': 'WebContainer needs StackBlitz (it loads from stackblitz.com), and this page cannot reach it: no network, or it is blocked.',
  'engine.reason.timeout': 'WebContainer did not start within {seconds} s: StackBlitz could not be reached (no network, or it is blocked).',
  'engine.reason.licenceMissing':
    'WebContainer did not start within {seconds} s. This site sets no StackBlitz API key, which a course on its own domain needs; the network to StackBlitz may also be blocked.',
  'engine.reason.licenceRefused': "StackBlitz refused this site's WebContainer API key: {detail}",
  'engine.reason.bootFailed': 'WebContainer failed to start: {detail}',
} as const;
