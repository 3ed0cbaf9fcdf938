import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LICENSE_BASIC_MONTHS, NAME_MAX, PLAN_NAMES } from '@mapnest/shared/constants';
import { displayNameProblem, newEmailProblem, passwordProblem } from '@mapnest/shared/accounts';
import { MESSAGES } from '@mapnest/shared/errors';
import { TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { AuthCard, FormMessage } from './AuthCard';
import { classifyAuthError } from './auth-errors';
import { GoogleSignInButton } from './GoogleSignInButton';
import { setPendingSignUp } from './pending-signup';
import { loadAuthService, refreshSession } from './session-bootstrap';

type Errors = Partial<Record<'name' | 'email' | 'password' | 'form', string>>;

type RegisterValues = { name: string; email: string; password: string };

/** The problems of the typed values, checked before the call. */
function registerProblems(values: RegisterValues): Errors {
  const found: Errors = {};
  const nameProblem = displayNameProblem(values.name);
  if (nameProblem) found.name = nameProblem;
  const emailProblem = values.email.trim() ? newEmailProblem(values.email) : 'Enter your email address.';
  if (emailProblem) found.email = emailProblem;
  const pwProblem = passwordProblem(values.password);
  if (pwProblem) found.password = pwProblem;
  return found;
}

/** A refused registration in words: Cognito's password rule under the password, anything else for the form. */
function registerFailure(err: unknown): Errors {
  const name = (err as { name?: string })?.name;
  if (name === 'InvalidPasswordException') return { password: (err as Error).message };
  const category = classifyAuthError(err);
  return {
    form:
      category === 'email-already-in-use'
        ? MESSAGES.emailInUse
        : category === 'invalid-emai'
          ? MESSAGES.invalidEmailAddress
          : category === 'try-later'
            ? MESSAGES.tooManyAttempts
            : MESSAGES.unknownError,
  };
}

/** The terms and privacy the user agrees to, and the way to log in instead. */
function RegisterFinePrint() {
  return (
    <>
      {/* The landing page's banner ("Get free access with your Envato Purchase Code.") leads here: where the code goes. */}
      <p className="auth-card__fine">
        Have an Envato purchase code? Create your account, then register the code on a map (Register license, in its
        card’s menu): that map goes live on {PLAN_NAMES.basic} for {LICENSE_BASIC_MONTHS} months without a subscription.
      </p>
      <p className="auth-card__fine">
        By creating an account you agree to the <Link to="/terms">Terms &amp; Conditions</Link> and the{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
      <div className="auth-card__links">
        <span>
          Already have an account? <Link to="/login">Log in</Link>
        </span>
      </div>
    </>
  );
}

/**
 * /register. With `verification` (set on the route) the new user verifies the address through the emailed
 * link before the first sign-in, waiting on the verify-mail page; without it they are signed in at once.
 */
export function RegisterPage({ verification }: { verification: boolean }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<RegisterValues>({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = registerProblems(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const email = values.email.trim();
    try {
      const auth = await loadAuthService();
      await auth.register(email, values.password, values.name);
      if (verification) {
        setPendingSignUp(email, values.password);
        navigate('/verify-mail');
        return;
      }
      await auth.signInWithPassword(email, values.password);
      await refreshSession();
    } catch (err) {
      setErrors(registerFailure(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Create your account" subtitle="Build, host and embed interactive maps. Two test maps are free.">
      <GoogleSignInButton />
      <form className="auth-form" onSubmit={submit} noValidate>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          placeholder="Person or organization"
          maxLength={NAME_MAX}
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
        />
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters with upper- and lower-case letters, a digit and a symbol."
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
          error={errors.password}
        />
        {errors.form && <FormMessage kind="error">{errors.form}</FormMessage>}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy && <Spinner size="sm" label="Creating your account" />}
          Create account
        </button>
      </form>
      <RegisterFinePrint />
    </AuthCard>
  );
}

export default function RegisterRoute() {
  return <RegisterPage verification />;
}
