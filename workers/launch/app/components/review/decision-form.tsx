import { appPath } from '../../context';

/**
 * Approve, reject or request changes. The fingerprint of the content on screen travels with the
 * decision, so if the post was edited after this page was drawn the decision is refused, never
 * applied to content the reviewer did not see. A plain form: it works without JavaScript.
 */
export function DecisionForm(props: { postId: string; fingerprint: string; note?: string }) {
  return (
    <section class="card" aria-labelledby="decide-heading">
      <h2 id="decide-heading">Your decision</h2>
      <form method="post" action={appPath(`/posts/${props.postId}/decision`)}>
        <input type="hidden" name="contentFingerprint" value={props.fingerprint} />
        <fieldset>
          <legend>Decision</legend>
          <label>
            <input type="radio" name="decision" value="approve" required /> Approve this exact content
          </label>
          <label>
            <input type="radio" name="decision" value="request_changes" /> Request changes
          </label>
          <label>
            <input type="radio" name="decision" value="reject" /> Reject
          </label>
        </fieldset>
        <label for="note">
          Note <span class="hint">What to change, or why. The editor sees it, and so does the audit trail.</span>
        </label>
        <textarea id="note" name="note" maxlength={2000}>
          {props.note ?? ''}
        </textarea>
        <p class="hint">
          You are deciding on content <span class="fingerprint">{props.fingerprint.slice(0, 12)}</span>; if it changes before you send this, you will be asked
          to look again.
        </p>
        <button type="submit">Send decision</button>
      </form>
    </section>
  );
}
