import { Text, VisuallyHidden } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import './dialog-form.css';

/** Above a form's fields: what the asterisk means (read out as words, not as the sign). */
export function RequiredFieldsHint() {
  return (
    <Text className="dialog-form__hint" fontSize="small" color="font.secondary">
      Fields marked <span aria-hidden="true">*</span>
      <VisuallyHidden>with an asterisk</VisuallyHidden> are required.
    </Text>
  );
}

/** A titled group of a form's fields, laid out in its grid. */
export function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="dialog-form__section">
      <legend className="dialog-form__legend">{legend}</legend>
      <div className="dialog-form__grid">{children}</div>
    </fieldset>
  );
}
