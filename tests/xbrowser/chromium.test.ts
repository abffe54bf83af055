/** The cross-browser task table (./tasks.ts) in Chromium (Playwright). */
import { runTasks } from './support/run.ts';

runTasks('chromium');
