"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * The checkout's confirmation step when a new monthly gift repeats an active one (the server
 * answers 409 with the message saying which gift exists). "Start another" is a submit button
 * of the checkout form: it marks the next submission as confirmed, then the form submits.
 */
export function DuplicateMonthlyConfirm({ message, onConfirm, onDismiss }: { message: string; onConfirm: () => void; onDismiss: () => void }) {
  return (
    <Alert
      variant="warning"
      title="You already have this monthly gift"
      onDismiss={onDismiss}
      action={
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" onClick={onConfirm}>
            Yes, start another monthly gift
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDismiss}>
            No, keep just the one I have
          </Button>
        </div>
      }
    >
      <span data-testid="duplicate-monthly">{message}</span>
    </Alert>
  );
}
