import { TextField } from "@/components/ui/form-field";

/** What a sign-in or sign-up form's answer says went wrong, one line each (nothing when all went well). */
export function FormErrors({ errors }: { errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return errors.length === 1 ? (
    <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
      {errors[0]}
    </p>
  ) : (
    <ul role="alert" className="text-sm text-rose-700 dark:text-rose-400">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/**
 * The email field of the sign-in and sign-up forms. After a refusal it holds what was typed again
 * (the answer is a new render of the page without JavaScript; a form reset with it).
 */
export function EmailField({ typed }: { typed: string | undefined }) {
  return (
    <TextField label="Email" name="email" type="email" required autoComplete="email" defaultValue={typed} key={typed} />
  );
}
