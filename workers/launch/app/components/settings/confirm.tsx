import { appPath } from '../../context';

/**
 * The second step of an action that cannot be undone (removing a member, leaving, revoking a key):
 * says what will happen, and sends the same form again with `confirm=yes`. Works without
 * JavaScript; the default focus is on going back, not on the destructive button.
 */
export function ConfirmStep(props: { heading: string; text: string; action: string; button: string; back: string }) {
  return (
    <>
      <h1>{props.heading}</h1>
      <p>{props.text}</p>
      <form method="post" action={props.action}>
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit">{props.button}</button>{' '}
        <a href={appPath(props.back)} class="button secondary" autofocus>
          Go back
        </a>
      </form>
    </>
  );
}
