import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";

/** The input class of the product's forms (every text field, select and number). */
export const inputClass =
  "mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900";

/** The class of a form's main (submit) button. */
export const primaryButtonClass =
  "rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800 disabled:opacity-50";

/** A labelled text input: the label's text above the field, the field taking every input attribute. */
export function TextField({
  label,
  labelClassName = "block text-sm",
  ...input
}: { label: ReactNode; labelClassName?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "className">) {
  return (
    <label className={labelClassName}>
      {label}
      <input {...input} className={inputClass} />
    </label>
  );
}

/** A labelled select of `options` (value and label each), the select taking every select attribute. */
export function SelectField({
  label,
  labelClassName = "block text-sm",
  options,
  ...select
}: {
  label: ReactNode;
  labelClassName?: string;
  options: { value: string; label: ReactNode }[];
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "className" | "children">) {
  return (
    <label className={labelClassName}>
      {label}
      <select {...select} className={inputClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A form's submit button: its busy label while the form works, and disabled then (or when `disabled`). */
export function SubmitButton({
  busy,
  busyLabel,
  disabled = false,
  wide = false,
  children,
}: {
  busy: boolean;
  busyLabel: ReactNode;
  disabled?: boolean;
  /** as wide as the form */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      className={wide ? `w-full ${primaryButtonClass}` : primaryButtonClass}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
