/**
 * IntegrationCounter's island (lesson 1): N applications × M systems, each
 * pair needing its own connector, against N + M when both sides speak one
 * protocol. Two labelled number inputs with sliders; the counts update as the
 * reader types and are announced politely.
 */
import { useState } from 'preact/hooks';
import { clampCount, countIntegrations, readCount } from './integrations.ts';
import { t } from '../shared/strings.ts';
import '../probe/flow-base.css';
import './integration-counter.css';

/** Props of {@link IntegrationCounterIsland}: starting values (whole numbers, 1 to 50). */
export interface IntegrationCounterProps {
  apps?: number;
  systems?: number;
}

const MIN = 1;
const MAX = 50;
const fmt = (n: number) => n.toLocaleString('en-US');

/** The IntegrationCounter widget. */
export default function IntegrationCounterIsland({ apps: a0 = 4, systems: s0 = 6 }: IntegrationCounterProps) {
  const [apps, setApps] = useState(clampCount(a0, MIN, MAX));
  const [systems, setSystems] = useState(clampCount(s0, MIN, MAX));
  const c = countIntegrations(apps, systems);
  // A field holding something that is not a whole number in range says so; the counts keep the last good value.
  const [bad, setBad] = useState<Record<string, boolean>>({});

  const field = (id: string, label: string, value: number, set: (n: number) => void) => (
    <div class="ic-field">
      <label for={`${id}-n`}>{label}</label>
      <div class="ic-inputs">
        <input
          id={`${id}-n`}
          type="number"
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
          min={MIN}
          max={MAX}
          step={1}
          value={value}
          aria-label={`${label} (slider)`}
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
    <section class="fw integration-counter not-content" aria-label="Integrations with and without a shared protocol" data-widget="integration-counter">
      <p class="fw-title">How many integrations?</p>
      <div class="ic-fields">
        {field('ic-apps', 'AI applications (N)', apps, setApps)}
        {field('ic-systems', 'Systems to connect (M)', systems, setSystems)}
      </div>
      <div class="ic-results" role="status" aria-live="polite">
        <p>
          Without a shared protocol: {apps} × {systems} = <strong data-point-to-point>{fmt(c.pointToPoint)}</strong> connectors, one per pair.
        </p>
        <p>
          With one protocol: {apps} + {systems} = <strong data-with-protocol>{fmt(c.withProtocol)}</strong> implementations, one per side.
        </p>
        <p data-saved={c.saved}>
          {c.saved > 0
            ? <>Saved: <strong>{fmt(c.saved)}</strong> integrations.</>
            : c.saved === 0
              ? 'No saving yet: with this few, both ways cost the same.'
              : <>With this few, the protocol costs <strong>{fmt(-c.saved)}</strong> more; it pays off as N and M grow.</>}
        </p>
      </div>
    </section>
  );
}
