/**
 * The password and two-factor code fields of every form that checks them: signing in, joining a
 * workspace with an existing account, and confirming it is you before a sensitive action.
 */
export function PasswordAndCode(props: { focus?: 'password' | 'code'; codeRequired?: boolean; codeHint?: boolean; codeDescribedBy?: string }) {
  return (
    <>
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required autofocus={props.focus === 'password'} />
      <label for="totpCode">
        Two-factor code
        {props.codeHint && (
          <>
            {' '}
            <span class="hint">The 6 digits from your authenticator app, if two-factor is on.</span>
          </>
        )}
      </label>
      <input
        id="totpCode"
        name="totpCode"
        type="text"
        inputmode="numeric"
        autocomplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        required={props.codeRequired}
        autofocus={props.focus === 'code'}
        aria-describedby={props.codeDescribedBy}
      />
    </>
  );
}
