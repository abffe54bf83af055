/**
 * ProbeFlow's decision diagram: the probe, the spec's three branches for its
 * answer
 * (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio,
 * backward compatibility), and what the client does then, with the path the
 * run took so far lit (`data-lit`).
 */
import type { ProbeReport } from '../../protocol/index.ts';
import { t, type StringKey } from '../../i18n/index.ts';
import { BRANCHES, type FlowNodeId } from './branches.ts';

/** Props of {@link ProbeDiagram}: the nodes lit so far (from `pathTaken`) and the run's report, if any. */
export interface ProbeDiagramProps {
  path: readonly FlowNodeId[];
  report: ProbeReport | undefined;
}

/** The diagram, every node always shown; the taken ones lit. */
export function ProbeDiagram({ path, report }: ProbeDiagramProps) {
  const lit = (id: FlowNodeId) => path.includes(id);
  return (
      <ol class="pf-diagram" aria-label={t('probe.diagram')}>
        <li class="pf-node" data-node="discover" data-lit={lit('discover') || undefined}>
          <span class="pf-node-title">{t('probe.node.discover')}</span>
          {lit('discover') && <span class="pf-taken"> {t('probe.node.sent')}</span>}
        </li>
        <li class="pf-branches-item">
          <span class="pf-node-title">{t('probe.node.answer')}</span>
          <ul class="pf-branches">
            {BRANCHES.map((b) => (
              <li class="pf-node pf-branch" data-node={b} data-lit={lit(b) || undefined} key={b} aria-current={lit(b) ? 'step' : undefined}>
                <span class="pf-node-title">{t(`probe.branch.${b}.title` as StringKey)}</span>
                <span class="pf-then">{t(`probe.branch.${b}.then` as StringKey)}</span>
                {lit(b) && <span class="pf-taken">{t('probe.node.taken')}</span>}
              </li>
            ))}
          </ul>
        </li>
        <li class="pf-node" data-node="continue" data-lit={lit('initialize') || lit('retry') || lit('modern') || undefined}>
          <span class="pf-node-title">{t('probe.node.then')}</span>
          {lit('retry')
            ? t('probe.node.retry')
            : lit('initialize')
              ? lit('initialized')
                ? t('probe.node.initializeThen')
                : t('probe.node.initialize')
              : lit('modern')
                ? t('probe.node.modern')
                : '…'}
          {lit('legacy') && <span class="pf-taken"> {t('probe.node.era', { era: 'legacy', version: report?.protocolVersion ?? '' })}</span>}
          {lit('modern') && <span class="pf-taken"> {t('probe.node.era', { era: 'modern', version: report?.protocolVersion ?? '' })}</span>}
        </li>
      </ol>
  );
}
