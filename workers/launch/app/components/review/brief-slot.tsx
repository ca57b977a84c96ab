import type { DefectReason } from '../../../domain/brief/check';
import type { Citation } from '../../../domain/brief/types';
import { Notice } from '../../layout';
import type { PostSources } from '../../../services/briefs';

const releaseFields: Record<string, string> = { version: 'Release version', title: 'Release title', url: 'Release page' };
const profileFields: Record<string, string> = { name: 'Product name', audience: 'Audience', docsUrl: 'Documentation' };

/** Only web links are links: a release note may hold any text, and a `javascript:` URL must never become one. */
const isWebUrl = (url: string | null): url is string => url !== null && /^https?:\/\//.test(url);

function CitedSource(props: { citation: Citation }) {
  const { citation } = props;
  if (citation.source === 'notes') {
    const { start, end } = citation.lines;
    return (
      <li>
        <p class="muted">Release notes, {start === end ? `line ${start}` : `lines ${start}–${end}`}</p>
        <pre class="cited">{citation.excerpt}</pre>
        {citation.refs.length > 0 && (
          <p class="refs">{citation.refs.map((ref) => (isWebUrl(ref.url) ? <a href={ref.url}>{ref.label}</a> : <span>{ref.label}</span>))}</p>
        )}
      </li>
    );
  }
  const label = citation.source === 'release' ? releaseFields[citation.field] : profileFields[citation.field];
  return (
    <li>
      <p class="muted">{`${label ?? citation.field} (${citation.source === 'release' ? 'the release' : 'the product profile'})`}</p>
      <pre class="cited">{citation.value}</pre>
    </li>
  );
}

/** What the checker found, in words a reviewer reads beside the sentence. */
const PROBLEMS: Record<DefectReason, (token: string) => string> = {
  no_citation: () => 'no cited line says this',
  empty_sentence: () => 'says nothing',
  citation_out_of_range: () => 'cites lines the notes do not have',
  citation_misquoted: () => 'cites lines that say something else',
  citation_too_wide: () => 'cites too many lines at once',
  citation_irrelevant: (token) => `${token} supports none of it`,
  ungrounded_token: (token) => `“${token}” is in no cited line`,
  ungrounded_word: (token) => `“${token}” is in no cited line`,
  recased_identifier: (token) => `“${token}” is written in another case than the notes`,
  negation_added: (token) => `“${token}” negates what the lines do not`,
  negation_dropped: (token) => `the lines negate “${token}”`,
  severity_ungrounded: (token) => `the lines do not give the severity “${token}”`,
  quantity_ungrounded: (token) => `the lines do not say “${token}”`,
  count_mismatch: (token) => `“${token}” is not the number of cited items`,
  kind_unjustified: (token) => `the lines do not make this “${token}”`,
  cve_misattributed: (token) => `“${token}” is not in that CVE's own lines`,
};

const unsupportedCount = (sources: PostSources) => sources.sentences.filter((sentence) => sentence.status === 'unsupported').length;

/** Said above the copy, so nobody approves an edited copy without seeing its unsupported sentences. */
export function EditedCopyNotice(props: { sources: PostSources }) {
  if (!props.sources.edited) return null;
  const unsupported = unsupportedCount(props.sources);
  return (
    <Notice kind={unsupported > 0 ? 'error' : 'info'}>
      {unsupported > 0
        ? `This copy was edited after it was drafted, and ${unsupported === 1 ? '1 sentence is' : `${unsupported} sentences are`} not supported by the release notes: see them marked under Sources before you decide.`
        : 'This copy was edited after it was drafted; each sentence is still supported by the release notes it cites (see Sources).'}
    </Notice>
  );
}

/**
 * The brief behind this post: each sentence of the current copy beside the source lines it cites
 * (the release notes' lines as they stood when the brief was made, with the pull requests and
 * issues they link), so a reviewer checks every claim against its source. Once the copy is
 * edited, its sentences are matched again: a sentence no line supports is marked, with why. A
 * post typed by hand has none, and the panel says so rather than showing nothing.
 */
export function BriefSlot(props: { sources: PostSources }) {
  const { sentences, edited } = props.sources;
  return (
    <section class="card" aria-labelledby="sources-heading">
      <h2 id="sources-heading">Sources</h2>
      {edited && <p class="muted">Edited since drafting: the sentences below are the current copy's, each matched to the lines that support it.</p>}
      {sentences.length === 0 ? (
        <p class="muted">
          {props.sources.briefId === null ? 'Written by hand, not drafted from a brief: no citations to check.' : 'The brief cites nothing for this copy.'}
        </p>
      ) : (
        <ol class="sources">
          {sentences.map((sentence) => (
            <li class={sentence.status === 'unsupported' ? 'unsupported' : undefined}>
              <div>
                <p class="claim">{sentence.text}</p>
                {sentence.status === 'supported' && <span class="badge ok">Edited · supported by the notes</span>}
                {sentence.status === 'unsupported' && (
                  <>
                    <span class="badge bad">Unsupported</span>
                    <ul class="problems" aria-label={`Why it is unsupported: ${sentence.text}`}>
                      {sentence.problems.map((problem) => (
                        <li>{PROBLEMS[problem.reason](problem.token ?? '')}</li>
                      ))}
                    </ul>
                  </>
                )}
              </div>
              {sentence.citations.length > 0 ? (
                <ul class="citations" aria-label={`Sources of: ${sentence.text}`}>
                  {sentence.citations.map((citation) => (
                    <CitedSource citation={citation} />
                  ))}
                </ul>
              ) : (
                <p class="muted">{sentence.status === 'unsupported' ? 'No line of the release notes supports this sentence.' : 'Nothing to cite.'}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
