/**
 * The part of `@webcontainer/api` (1.6.4) the WebContainer engine uses, as
 * types: what a real `WebContainer` instance provides and what the tests'
 * fake provides. Keeping the adapter to this shape is what lets it be tested
 * without StackBlitz.
 */

/** A process spawned in WebContainer: one pseudo-terminal (stdout and stderr merged, input echoed, `"\n"` -> `"\r\n"`). */
export interface ContainerProcess {
  output: ReadableStream<string>;
  input: WritableStream<string>;
  exit: Promise<number>;
  kill(): void;
}

/** A file-system tree for `mount` (WebContainer's `FileSystemTree`). */
export interface FileTree {
  [name: string]: { file: { contents: string } } | { directory: FileTree };
}

/** A booted WebContainer, as far as the engine uses it. */
export interface ContainerLike {
  mount(tree: FileTree, options?: { mountPoint?: string }): Promise<void>;
  spawn(command: string, args: string[], options?: { env?: Record<string, string>; cwd?: string; terminal?: { cols: number; rows: number } }): Promise<ContainerProcess>;
  fs: {
    readFile(path: string, encoding: 'utf-8'): Promise<string>;
    writeFile(path: string, text: string): Promise<void>;
    mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  };
  teardown?(): void;
}

/** `WebContainer.boot` and `configureAPIKey`, as the engine calls them. */
export interface ContainerApi {
  boot(options: { coep?: 'require-corp' | 'credentialless' | 'none'; workdirName?: string }): Promise<ContainerLike>;
  configureAPIKey?(key: string): void;
}
