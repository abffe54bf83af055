/**
 * "Run it on your machine": under a ServerEditor or a Console, the exact
 * `node` command and a download of the server as the reader has it (their
 * edit, if any), with the sibling files it imports; one `.mjs`, or a zip
 * when it imports siblings (see take-home.ts). The files come from the page
 * engine's file system (the same files the page runs); nothing is fetched
 * from elsewhere and nothing is built before the reader asks. Each opening
 * packs anew and says it is preparing until the package is ready: the command
 * and the download button appear only once they are exact.
 *
 * Props: `server` (toy server name), `sources` (optional: returns the texts
 * to pack instead of the shipped files, original path -> text, e.g. every
 * file a ServerEditor's tabs hold; default the files the page runs now,
 * edited or not).
 */
import type { JSX } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { SERVERS } from '../../../toy-servers/registry.ts';
import { editedSources, originalEntry, type ServerName } from '../page/server-sources.ts';
import { getEngine } from '../page/engine-choice.ts';
import { currentLang, t } from '../../i18n/index.ts';
import { commentsIn } from '../pure/comment-language.ts';
import { collectServerFiles, takeHomePackage, type TakeHomePackage } from '../pure/take-home.ts';
import { CopyButton } from './CopyButton.tsx';
import { LazyDetails } from './LazyDetails.tsx';

/** Props of {@link TakeHome}. */
export interface TakeHomeProps {
  server: ServerName;
  sources?: () => Readonly<Record<string, string>>;
}

/** The command for a server that is not a file of the course (a built package): `npx` at its pinned version. */
function npxCommand(server: ServerName): string | undefined {
  const entry = SERVERS[server] as { fetchUrl?: string };
  const m = entry.fetchUrl?.match(/([a-z-]+)-(\d[\w.-]*)\.mjs$/);
  return m ? `npx -y @modelcontextprotocol/server-${m[1]}@${m[2]}` : undefined;
}

/** The name the download takes, when the registry gives one (`my-server.mjs` for the capstone's starter). */
const homeName = (server: ServerName): string | undefined => (SERVERS[server] as { homeName?: string }).homeName;

/**
 * Builds the package of `server` as the page has it now: the texts `sources`
 * gives (original path -> text), else the reader's edited files the page runs,
 * and the shipped file for every other one.
 */
export async function packageServer(server: ServerName, sources?: () => Readonly<Record<string, string>>): Promise<TakeHomePackage> {
  const engine = await getEngine();
  const entry = originalEntry(server);
  const lang = currentLang();
  const mine: Readonly<Record<string, string>> = sources ? sources() : Object.fromEntries(editedSources(server) ?? []);
  // What the page runs, with its comments in the reader's language (the code is the same in every language).
  const read = async (path: string) => mine[path] ?? (await engine.readFile(path).then((text) => (text === undefined ? undefined : commentsIn(text, lang))));
  const text = await read(entry);
  if (text === undefined) throw new Error(t('common.home.notInEngine', { file: entry }));
  return takeHomePackage(server, await collectServerFiles(entry, text, read), homeName(server));
}

/** The "Run it on your machine" block. */
export function TakeHome({ server, sources }: TakeHomeProps): JSX.Element {
  const npx = npxCommand(server);
  const [pkg, setPkg] = useState<TakeHomePackage | undefined>();
  const [problem, setProblem] = useState('');
  /** Counts the openings: a package packed for an earlier one (since closed) is not shown in a later one. */
  const opening = useRef(0);
  const failed = (e: unknown) => t('common.home.failed', { why: e instanceof Error ? e.message : String(e) });

  // Opening it is the reader's action: pack now, so the command shown is exact (zip or one file).
  // Until the package is ready the block says it is preparing; it never shows a command that may change.
  function onOpen(): void {
    if (npx) return;
    const mine = ++opening.current;
    setPkg(undefined);
    setProblem('');
    packageServer(server, sources).then(
      (p) => mine === opening.current && setPkg(p),
      (e: unknown) => mine === opening.current && setProblem(failed(e)),
    );
  }

  async function download(): Promise<void> {
    try {
      const p = await packageServer(server, sources);
      setPkg(p);
      setProblem('');
      const url = URL.createObjectURL(new Blob([p.bytes as BlobPart], { type: p.type }));
      const a = document.createElement('a');
      a.href = url;
      a.download = p.fileName;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setProblem(failed(e));
    }
  }

  const command = npx ?? pkg?.command;
  const preparing = (
    <p class="mcp-note" role="status" data-state="preparing">
      {t('common.home.preparing')}
    </p>
  );
  return (
    <LazyDetails class="mcp-take-home" summary={t('common.home.title')} pending={npx ? <p><code class="mcp-command">{npx}</code></p> : preparing} onOpen={onOpen} onClose={() => opening.current++}>
      {() => (
        <>
          {npx ? null : <p>{t('common.home.intro')}</p>}
          {npx || pkg || problem ? null : preparing}
          {pkg ? (
            <p>
              <button type="button" class="mcp-btn" onClick={() => void download()}>
                {pkg.files.length > 1 ? t('common.home.downloadZip', { file: pkg.fileName, count: pkg.files.length }) : t('common.home.download', { file: pkg.fileName })}
              </button>
            </p>
          ) : null}
          {pkg && pkg.files.length > 1 ? <p class="mcp-note">{t('common.home.unzip')}</p> : null}
          {command ? (
            <p>
              <code class="mcp-command">{command}</code> <CopyButton label={t('common.home.copyCommand')} value={command} />
            </p>
          ) : null}
          {problem ? (
            <p class="mcp-warning" role="alert">
              {problem}
            </p>
          ) : null}
        </>
      )}
    </LazyDetails>
  );
}
