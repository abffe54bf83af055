/** The cross-browser task table (./tasks.ts) in Firefox ESR (puppeteer-core over WebDriver BiDi). */
import { runTasks } from './support/run.ts';

runTasks('firefox');
