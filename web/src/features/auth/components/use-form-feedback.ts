import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { errorMessage } from '../../../api/api-client';
import type { Notice } from './auth-message';
import { noticeFromState } from './notice-state';

/**
 * The feedback both auth forms give: one notice (seeded from the previous screen's router state, or
 * `first`, such as why the app signed out),
 * the field at fault marked invalid and focused, and any failed call shown in the product's words.
 */
export function useFormFeedback<F extends string>(
  inputNames: Record<F, string>,
  first: Notice | null = null,
) {
  const location = useLocation();
  const [notice, setNotice] = useState<Notice | null>(() => noticeFromState(location.state) ?? first);
  const [invalidField, setInvalidField] = useState<F | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const fail = (text: string, field: F | null = null) => {
    // No tone: the product rule colours it (red unless it reports a creation).
    setNotice({ text });
    setInvalidField(field);
    const input = field ? formRef.current?.elements.namedItem(inputNames[field]) : null;
    if (input instanceof HTMLInputElement) input.focus();
  };

  const clear = () => {
    setNotice(null);
    setInvalidField(null);
  };

  /** Runs a call; if it throws, its message (in the words `describe` gives it) becomes the notice. */
  const attempt = async (work: () => Promise<void>, describe: (error: unknown) => string = errorMessage) => {
    try {
      await work();
    } catch (error) {
      fail(describe(error));
    }
  };

  return { notice, setNotice, invalidField, setInvalidField, formRef, fail, clear, attempt };
}
