import { useEffect, useRef } from "react";

/**
 * For a controlled, server-rendered text input: text typed before React hydrated the page. The
 * browser keeps it in the input, but no change event reached React, so the state never saw it
 * (a visitor who starts typing while the page's code still loads). Put the returned ref on the
 * input; once mounted, text that differs from `value` is handed to `adopt` (usually the state
 * setter), as if it had been typed afterwards. Client components only.
 */
export function usePrehydrationText(value: string, adopt: (text: string) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const atMount = useRef({ value, adopt });
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== atMount.current.value) atMount.current.adopt(typed);
  }, []);
  return ref;
}
