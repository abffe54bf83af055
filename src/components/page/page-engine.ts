/**
 * Until every importer names its module: the page's engine is
 * `./engine-choice.ts` (choosing it), `./engine-status.ts` (its status and
 * reasons) and `./server-sources.ts` (which source each server runs).
 */
export * from './engine-status.ts';
export * from './engine-choice.ts';
export * from './server-sources.ts';
export { switchToRealNode as useRealNode, switchToWorkerEngine as useWorkerEngine } from './engine-choice.ts';
