import type { Child } from 'hono/jsx';
import { Notice } from '../../layout';

/**
 * A secret the server keeps only a hash of (an invitation link, an API key), shown this once in a
 * read-only field to select or copy. The Copy button is hidden until the page's script finds a
 * clipboard; without JavaScript the field is still selectable.
 */
export function SecretOnce(props: { id: string; label: string; value: string; children?: Child }) {
  return (
    <Notice kind="ok">
      {props.children}
      <label for={props.id}>{props.label}</label>
      <input id={props.id} type="text" readonly value={props.value} class="secret" aria-describedby={`${props.id}-once`} />
      <p id={`${props.id}-once`} class="hint">
        Shown only now: it is not stored and cannot be shown again.
      </p>
      <button type="button" class="secondary" data-copy={props.id} hidden>
        Copy
      </button>{' '}
      <span id={`${props.id}-copied`} role="status" />
    </Notice>
  );
}
