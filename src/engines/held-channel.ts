/**
 * One output stream of an engine process (stdout lines or stderr text) with
 * its listeners. Whatever the process writes before the first listener
 * subscribes is held and handed to that first listener, so a caller that
 * subscribes right after `spawn()` never misses a start-up line. Every engine
 * (`node`, `worker`, `webcontainer`) uses it for `onStdout` / `onStderr`.
 */
export class HeldChannel<T> {
  #listeners = new Set<(value: T) => void>();
  #held: T[] | undefined = [];

  /** Delivers `value` to every listener, or holds it until the first one subscribes. */
  emit(value: T): void {
    if (this.#held) this.#held.push(value);
    else for (const listener of [...this.#listeners]) listener(value);
  }

  /** Subscribes; the first subscriber also receives everything held so far, in order. Returns an unsubscribe function. */
  subscribe(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    const held = this.#held;
    this.#held = undefined;
    if (held) for (const value of held) listener(value);
    return () => this.#listeners.delete(listener);
  }
}
