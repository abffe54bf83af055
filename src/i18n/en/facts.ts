/** English strings of the facts area (keys `facts.*`): MeasuredFacts and EverythingCredit. */
export const facts = {
  'facts.pair': '{name} ({n} tokens)',
  'facts.source': '{package} {version}, measured {date}',
  'facts.sourceTokenizer': '{package} {version}, measured {date}, counted with {tokenizer}',
  'facts.provenanceTitle': 'Where the measured figures come from:',
  'facts.provenance': '{package} {version}, measured on {date}.',
  'facts.provenanceNode': '{package} {version}, run on Node {node} and measured on {date}.',
  'facts.provenanceTokenizer': 'Token counts use {tokenizer}.',
  'facts.provenanceRepeat': "{command} repeats the measurement, and the course's tests fail when the figures and the package disagree.",
  'facts.everythingCredit':
    'The reference server on this page is {package} {version}, by the Model Context Protocol project, run unchanged in your browser (bundled with its dependencies; its HTTP transports left out).',
  'facts.everythingLicence': 'Licences of the server and its dependencies',
} as const;
