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
