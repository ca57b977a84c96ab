import type { Citation } from '../../../domain/brief/types';
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

/**
 * The brief behind this post: each sentence of the copy beside the source lines it cites (the
 * release notes' lines as they stood when the brief was made, with the pull requests and issues
 * they link), so a reviewer checks every claim against its source. A post typed by hand has none,
 * and the panel says so rather than showing nothing.
 */
export function BriefSlot(props: { sources: PostSources }) {
  const { sentences } = props.sources;
  return (
    <section class="card" aria-labelledby="sources-heading">
      <h2 id="sources-heading">Sources</h2>
      {sentences.length === 0 ? (
        <p class="muted">
          {props.sources.briefId === null ? 'Written by hand, not drafted from a brief: no citations to check.' : 'The brief cites nothing for this copy.'}
        </p>
      ) : (
        <ol class="sources">
          {sentences.map((sentence) => (
            <li>
              <p class="claim">{sentence.text}</p>
              <ul class="citations" aria-label={`Sources of: ${sentence.text}`}>
                {sentence.citations.map((citation) => (
                  <CitedSource citation={citation} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
