import { appPath } from '../../context';

/**
 * A delivery whose outcome the publisher could not tell: the person who looked at the account
 * says it went out (with its URL) or did not (tried again at once). Same rule and service as
 * `POST /api/v1/posts/{postId}/delivery-outcome`.
 */
export function UnknownOutcomeForm(props: { postId: string; lastError: string | null; url?: string; error?: string }) {
  const action = appPath(`/posts/${props.postId}/delivery-outcome`);
  return (
    <section class="card" aria-labelledby="unknown-heading">
      <h2 id="unknown-heading">Did it go out?</h2>
      <p>Launch could not tell whether the network published this post, so it sends nothing more until someone looks at the account.</p>
      {props.lastError && <p class="hint wrap">{props.lastError}</p>}
      <form method="post" action={action}>
        <input type="hidden" name="outcome" value="published" />
        <label for="published-url">It was published, at</label>
        <input
          id="published-url"
          name="url"
          type="url"
          required
          placeholder="https://…"
          value={props.url ?? ''}
          aria-invalid={props.error ? 'true' : undefined}
          aria-describedby={props.error ? 'published-url-error' : undefined}
        />
        {props.error && (
          <p class="hint" id="published-url-error">
            {props.error}
          </p>
        )}
        <button type="submit">It was published</button>
      </form>
      <form method="post" action={action}>
        <input type="hidden" name="outcome" value="not_published" />
        <button type="submit" class="secondary">
          It was not published: try again now
        </button>
      </form>
    </section>
  );
}
