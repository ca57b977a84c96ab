import { diffCopy, diffVisuals, type VisualRef } from '../../../domain/copy-diff';
import type { DecisionView } from '../../../services/decisions';
import { decisionWords, Time } from '../bits';

export type PreviousReview = DecisionView & { copy: string | null; visuals: VisualRef[] | null; by: string };

/**
 * What changed since the previous decision on this post: the copy word by word (insertions and
 * deletions are real <ins>/<del> elements, so screen readers announce them) and the visuals.
 */
export function ChangesPanel(props: { previous: PreviousReview | null; copy: string; visuals: VisualRef[]; fingerprint: string; zone: string }) {
  const { previous } = props;
  return (
    <section class="card" aria-labelledby="changes-heading">
      <h2 id="changes-heading">Changes since the previous review</h2>
      {!previous ? (
        <p class="muted">First review: nobody has decided on this post before.</p>
      ) : (
        <>
          <p>
            {previous.by} {decisionWords[previous.decision]} on <Time at={previous.decidedAt} zone={props.zone} />
            {previous.note ? (
              <>
                {' '}
                with the note: <q>{previous.note}</q>
              </>
            ) : (
              '.'
            )}
          </p>
          {previous.contentFingerprint === props.fingerprint ? (
            <p>Nothing changed since then: this is the content that was decided on.</p>
          ) : previous.copy === null ? (
            <p class="muted">The content changed since, but that decision was made before the app kept the reviewed copy, so no comparison can be shown.</p>
          ) : (
            <CopyDiff before={previous.copy} after={props.copy} beforeVisuals={previous.visuals ?? []} afterVisuals={props.visuals} />
          )}
        </>
      )}
    </section>
  );
}

function CopyDiff(props: { before: string; after: string; beforeVisuals: VisualRef[]; afterVisuals: VisualRef[] }) {
  const segments = diffCopy(props.before, props.after);
  const visuals = diffVisuals(props.beforeVisuals, props.afterVisuals);
  const copyChanged = segments.some((segment) => segment.kind !== 'same');
  return (
    <>
      {copyChanged ? (
        <>
          <p class="hint">Added words are highlighted and underlined; removed words are struck through.</p>
          <pre class="diff">
            {segments.map((segment) =>
              segment.kind === 'added' ? <ins>{segment.text}</ins> : segment.kind === 'removed' ? <del>{segment.text}</del> : segment.text,
            )}
          </pre>
        </>
      ) : (
        <p>The copy is unchanged.</p>
      )}
      {visuals.added.length + visuals.removed.length > 0 ? (
        <ul>
          {visuals.added.map((visual) => (
            <li>Visual added: {visual.altText}</li>
          ))}
          {visuals.removed.map((visual) => (
            <li>Visual removed: {visual.altText}</li>
          ))}
        </ul>
      ) : (
        <p>The visuals are unchanged.</p>
      )}
    </>
  );
}
