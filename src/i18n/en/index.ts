/**
 * Every English string of the widgets, gathered from one file per widget area.
 * The Indonesian table (`../id/index.ts`) has exactly these keys.
 */
import { common } from './common.ts';
import { console } from './console.ts';
import { editor } from './editor.ts';
import { elicitation } from './elicitation.ts';
import { counter } from './counter.ts';
import { meaning } from './meaning.ts';
import { probe } from './probe.ts';
import { replay } from './replay.ts';
import { tokens } from './tokens.ts';
import { cache } from './cache.ts';
import { facts } from './facts.ts';
import { engine } from './engine.ts';
import { checker } from './checker.ts';
import { failure } from './failure.ts';
import { httpRequest } from './http-request.ts';
import { share } from './share.ts';
import { progress } from './progress.ts';

export const strings = {
  ...common,
  ...console,
  ...editor,
  ...elicitation,
  ...counter,
  ...meaning,
  ...probe,
  ...replay,
  ...tokens,
  ...cache,
  ...facts,
  ...engine,
  ...checker,
  ...failure,
  ...httpRequest,
  ...share,
  ...progress,
} as const;
