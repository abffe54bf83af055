/**
 * IntegrationCounter's island (lesson 1): N applications × M systems, each
 * pair needing its own connector, against N + M when both sides speak one
 * protocol. Two labelled number inputs with sliders; the counts update as the
 * reader types and are announced politely. Words from src/i18n (area
 * `counter`) in the page's language (`lang` prop); numbers formatted for it.
 */
import { useState } from 'preact/hooks';
import { clampCount, countIntegrations, readCount } from './integrations.ts';
import { formatNumber, setLang, t } from '../../i18n/index.ts';
import { rich } from '../ui/rich-text.tsx';
import { useTypedBefore } from '../page/typed-before.ts';
import { useHydrated } from '../ui/hydrated.ts';
import '../ui/flow-base.css';
import './integration-counter.css';
import { reportAction } from '../page/reader-actions.ts';

/** Props of {@link IntegrationCounter}: starting values (whole numbers, 1 to 50). */
export interface IntegrationCounterProps {
  apps?: number;
  systems?: number;
  /** The page's language (`en` when absent). */
  lang?: string;
}

const MIN = 1;
const MAX = 50;

/** The IntegrationCounter widget. */
export function IntegrationCounter({ apps: a0 = 4, systems: s0 = 6, lang }: IntegrationCounterProps) {
  setLang(lang);
  const fmt = (n: number) => formatNumber(n);
  const [apps, setApps] = useState(clampCount(a0, MIN, MAX));
  const [systems, setSystems] = useState(clampCount(s0, MIN, MAX));
  const c = countIntegrations(apps, systems);
  // A field holding something that is not a whole number in range says so; the counts keep the last good value.
  const [bad, setBad] = useState<Record<string, boolean>>({});
  // A count typed or slid before hydration: the number box wins over its slider; a box holding no good count says so.
  const typedRoot = useTypedBefore('counter', (typed) => {
    for (const [id, set] of [['ic-apps', setApps], ['ic-systems', setSystems]] as const) {
      const box = typed.value(`${id}:number`);
      const slider = typed.value(`${id}:range`);
      const n = (box === undefined ? undefined : readCount(box, MIN, MAX)) ?? (slider === undefined ? undefined : readCount(slider, MIN, MAX));
      if (n !== undefined) set(n);
      if (box !== undefined && readCount(box, MIN, MAX) === undefined) setBad((b) => ({ ...b, [id]: true }));
    }
  });
  /** Before the island hydrates the inputs have no handlers: they stay disabled until then. */
  const hydrated = useHydrated();

  const field = (id: string, label: string, value: number, setCount: (n: number) => void, set = (n: number) => (setCount(n), reportAction({ widget: 'integration-counter', kind: 'changed' }))) => (
    <div class="ic-field">
      <label for={`${id}-n`}>{label}</label>
      <div class="ic-inputs">
        <input
          id={`${id}-n`}
          type="number"
          data-typed={`${id}:number`}
          min={MIN}
          max={MAX}
          step={1}
          value={value}
          aria-invalid={bad[id] ? 'true' : undefined}
          aria-describedby={bad[id] ? `${id}-err` : undefined}
          onInput={(e) => {
            const n = readCount((e.target as HTMLInputElement).value, MIN, MAX);
            setBad((b) => ({ ...b, [id]: n === undefined }));
            if (n !== undefined) set(n);
          }}
        />
        <input
          type="range"
          data-typed={`${id}:range`}
          min={MIN}
          max={MAX}
          step={1}
          value={value}
          aria-label={t('counter.slider', { label })}
          onInput={(e) => {
            setBad((b) => ({ ...b, [id]: false }));
            set(Number((e.target as HTMLInputElement).value));
          }}
        />
      </div>
      {bad[id] ? (
        <p id={`${id}-err`} class="fw-error" role="alert">
          {t('counter.bad', { min: MIN, max: MAX, last: value })}
        </p>
      ) : null}
    </div>
  );

  return (
    <section class="fw integration-counter not-content" aria-label={t('counter.label')} data-widget="integration-counter" {...typedRoot} data-ready={hydrated ? 'yes' : undefined}>
      <p class="fw-title">{t('counter.title')}</p>
      <div class="ic-fields">
        {field('ic-apps', t('counter.apps'), apps, setApps)}
        {field('ic-systems', t('counter.systems'), systems, setSystems)}
      </div>
      <div class="ic-results" role="status" aria-live="polite">
        <p>{rich('counter.without', { apps, systems, n: <strong data-point-to-point>{fmt(c.pointToPoint)}</strong> })}</p>
        <p>{rich('counter.with', { apps, systems, n: <strong data-with-protocol>{fmt(c.withProtocol)}</strong> })}</p>
        <p data-saved={c.saved}>
          {c.saved > 0
            ? rich('counter.saved', { n: <strong>{fmt(c.saved)}</strong> })
            : c.saved === 0
              ? t('counter.even')
              : rich('counter.costs', { n: <strong>{fmt(-c.saved)}</strong> })}
        </p>
      </div>
    </section>
  );
}
