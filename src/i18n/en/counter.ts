/** English strings of the counter area (keys `counter.*`): the IntegrationCounter. Rich strings put an element where `{n}` is. */
export const counter = {
  'counter.label': 'Integrations with and without a shared protocol',
  'counter.title': 'How many integrations?',
  'counter.apps': 'AI applications (N)',
  'counter.systems': 'Systems to connect (M)',
  'counter.slider': '{label} (slider)',
  'counter.bad': 'Enter a whole number from {min} to {max}. Until then the count uses {last}.',
  'counter.without': 'Without a shared protocol: {apps} × {systems} = {n} connectors, one per pair.',
  'counter.with': 'With one protocol: {apps} + {systems} = {n} implementations, one per side.',
  'counter.saved': 'Saved: {n} integrations.',
  'counter.even': 'No saving yet: with this few, both ways cost the same.',
  'counter.costs': 'With this few, the protocol costs {n} more; it pays off as N and M grow.',
} as const;
