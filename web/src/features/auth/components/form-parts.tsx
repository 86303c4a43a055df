import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { get, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/**
 * The sign-in pages' form parts, plain elements styled by ../auth.css: these pages load no MUI (budget of
 * issue 12: at most 120 kB of JavaScript for /login). They look like the app's outlined fields.
 */
export const TextField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string }
>(({ label, error, hint, required, ...input }, ref) => {
  const id = useId();
  const note = error ?? hint;
  return (
    <div className="auth-field" data-invalid={error ? '' : undefined}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        ref={ref}
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        {...input}
      />
      {note && (
        <p id={`${id}-note`} className="auth-field-note">
          {note}
        </p>
      )}
    </div>
  );
});
TextField.displayName = 'TextField';

/** A required field of a sign-in form, registered by `name`, with its error under it (else `hint`). */
export const FormField = <V extends FieldValues, O>({
  form,
  name,
  ...field
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'> & {
  form: UseFormReturn<V, unknown, O>;
  name: Path<V>;
  label: string;
  hint?: string;
}) => (
  <TextField
    required
    {...field}
    {...form.register(name)}
    error={(get(form.formState.errors, name) as FieldError | undefined)?.message}
  />
);

/** An alert line: 'error' is announced at once (role alert), 'success' politely (role status). */
export const Notice = ({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) => (
  <p className={`auth-notice auth-notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
    {children}
  </p>
);

export const SubmitButton = ({ busy, children }: { busy: boolean; children: ReactNode }) => (
  <button type="submit" className="auth-button" disabled={busy}>
    {children}
  </button>
);

/** A link that looks like the main button. */
export const ButtonLink = ({ href, children }: { href: string; children: ReactNode }) => (
  <a className="auth-button" href={href}>
    {children}
  </a>
);
