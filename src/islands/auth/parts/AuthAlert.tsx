/** A message about the whole form (a failed call, a success banner), announced to screen readers when it appears. */
import type { ReactNode } from 'react';

/** What the banner says and how it looks. */
export interface AuthAlertProps {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
}

/** An error is an alert; success and progress are polite status messages. */
export default function AuthAlert({ tone, children }: AuthAlertProps) {
  return (
    <div className={`au-alert au-alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
