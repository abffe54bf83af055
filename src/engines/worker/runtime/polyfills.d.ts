/**
 * Types for the polyfill packages that ship none: they implement Node's own
 * modules, so Node's types describe them.
 */
declare module 'readable-stream' {
  import { Readable, Writable, Duplex, Transform, PassThrough, Stream } from 'node:stream';
  export { Readable, Writable, Duplex, Transform, PassThrough, Stream };
}
declare module 'path-browserify' {
  import path from 'node:path';
  export = path;
}
