import { Alert } from '@aws-amplify/ui-react';
import './list.css';

/** A failure the page reports outside any dialog (an export, loading a linked asset). */
export interface Problem {
  heading: string;
  message?: string;
}

/** The page's last problem, until dismissed. */
export function ProblemNotice({ problem, onDismiss }: { problem: Problem | null; onDismiss: () => void }) {
  return (
    <div className="list-notice">
      {problem ? (
        <Alert
          variation="error"
          role="alert"
          heading={problem.heading}
          isDismissible
          onDismiss={onDismiss}
          marginBottom="small"
        >
          {problem.message}
        </Alert>
      ) : null}
    </div>
  );
}
