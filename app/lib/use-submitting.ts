import { useState } from "react";

/** Runs one async submit at a time and reports whether one is under way (buttons disable meanwhile). */
export function useSubmitting() {
  const [isSubmitting, setSubmitting] = useState(false);
  async function run(task: () => Promise<void>) {
    if (isSubmitting) return;
    setSubmitting(true);
    try {
      await task();
    } finally {
      setSubmitting(false);
    }
  }
  return { isSubmitting, run };
}
