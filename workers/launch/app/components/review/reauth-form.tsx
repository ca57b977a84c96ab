import { appPath } from '../../context';
import { Notice } from '../../layout';
import { PasswordAndCode } from '../password-and-code';

/**
 * Asks for the password and a code again before an action that needs a recent two-factor sign-in
 * (scheduling, cancelling, inviting, changing roles, making keys, repointing publishing), carrying what the person
 * asked for in hidden fields, so that signing in again carries on with it.
 */
export function ReauthForm(props: {
  action: string;
  reason: 'stale' | 'no_two_factor';
  hasTwoFactor: boolean;
  carry: Record<string, string>;
  summary: string;
  error?: string;
  /** Where to go instead, keeping what was asked for (the post page with the time picked). */
  back?: string;
}) {
  const back = props.back && (
    <p>
      <a href={props.back}>Back without doing it</a>; what you entered is kept.
    </p>
  );
  if (!props.hasTwoFactor) {
    return (
      <>
        <h1>Two-factor authentication needed</h1>
        <Notice kind="error">
          To {props.summary} you need a sign-in with two-factor authentication, and it is off for your account.{' '}
          <a href={appPath('/two-factor')}>Set up two-factor</a>, then try again.
        </Notice>
        {back}
      </>
    );
  }
  return (
    <>
      <h1>Confirm it is you</h1>
      {props.error && <Notice kind="error">{props.error}</Notice>}
      <p>
        {props.reason === 'stale' ? 'Your sign-in is more than 15 minutes old.' : 'This sign-in was made without a two-factor code.'} To {props.summary}, enter
        your password and the current code; it then goes ahead.
      </p>
      <form method="post" action={props.action}>
        {Object.entries(props.carry).map(([name, value]) => (
          <input type="hidden" name={name} value={value} />
        ))}
        <PasswordAndCode focus="password" codeRequired />
        <button type="submit">Confirm and continue</button>
      </form>
      {back}
    </>
  );
}
