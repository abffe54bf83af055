/** The cross-browser task table (./tasks.ts) in WebKitGTK (MiniBrowser, through WebKitWebDriver). */
import { runTasks } from './support/run.ts';

runTasks('webkit');
