import { chromium } from 'playwright-core';
import { readdirSync } from 'node:fs';
import { serveDist } from './static-server.mjs';
const site = await serveDist('/tmp/build-speed/dist');
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage();
await p.goto(site.base + 'lab/console/');
const boot = readdirSync('/tmp/build-speed/dist/_astro').find((f) => /^bootstrap\.worker-.*\.js$/.test(f));
console.log(await p.evaluate(async (bootUrl) => {
  const abs = new URL(bootUrl, location.href).href;
  const text = await (await fetch(abs)).text();
  const A = URL.createObjectURL(new Blob([`await import('${abs}'); postMessage('done');`], { type: 'text/javascript' }));
  const B = URL.createObjectURL(new Blob([text + `\n;postMessage('done');`], { type: 'text/javascript' }));
  const run = async (u) => { const t = performance.now(); const w = new Worker(u, { type: 'module' }); await new Promise((r) => (w.onmessage = (e) => e.data === 'done' && r())); const d = performance.now() - t; w.terminate(); return Math.round(d); };
  const a = [], bb = [], c = [];
  for (let i = 0; i < 10; i++) { a.push(await run(A)); bb.push(await run(B)); c.push(await run(abs)); }
  return JSON.stringify({ importUrl: a, blobText: bb });
}, '/_astro/' + boot));
await b.close(); await site.close();
