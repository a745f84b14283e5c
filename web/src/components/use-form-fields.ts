import { useRef, useState } from 'react';

/**
 * A dialog form's fields as the text their inputs hold, and the message of each that is wrong.
 * Showing errors moves the focus to the first wrong field, in the order of `fields`; typing in a
 * field clears its error. `fieldProps(name)` binds an Amplify field to it.
 */
export function useFormFields<F extends string>(fields: readonly F[], initial: () => Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const focusField = (name: F) => {
    const element = formRef.current?.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
  };

  const showErrors = (next: Partial<Record<F, string>>) => {
    setErrors(next);
    const first = fields.find((name) => next[name]);
    if (first) focusField(first);
  };

  const clearError = (name: F) => {
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const setField = (name: F, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    clearError(name);
  };

  const fieldProps = (name: F) => ({
    name,
    value: values[name],
    hasError: Boolean(errors[name]),
    errorMessage: errors[name],
    onChange: (event: { target: { value: string } }) => setField(name, event.target.value),
  });

  return [
    { values, setValues, errors, setErrors, showErrors, clearError, focusField, fieldProps },
    formRef,
  ] as const;
}
