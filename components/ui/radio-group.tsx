"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

export type RadioOption<T extends string | number> = { value: T; label: ReactNode };

type Props<T extends string | number> = {
  /** The group's accessible name ("Preset amounts"). */
  label: string;
  options: readonly RadioOption<T>[];
  /** The chosen value; null when none is (e.g. a custom amount was typed instead). */
  value: T | null;
  onChange: (value: T) => void;
  className?: string;
  /**
   * Classes of each option, a <label> holding its radio: style the chosen one with the
   * `has-checked:` variant, so a choice shows as soon as it is made, even before the page's
   * code runs.
   */
  optionClassName: string;
};

/**
 * A group of button-styled native radios: the browser gives it its behaviour (one tab stop,
 * arrow keys move the choice, Space chooses; screen readers hear "radio, checked, 2 of 5"),
 * so a tap chooses an option before the page's code has run. Once it runs, a choice made
 * before then becomes the group's value.
 */
export function RadioButtonGroup<T extends string | number>({ label, options, value, onChange, className, optionClassName }: Props<T>) {
  const name = useId();
  const group = useRef<HTMLDivElement>(null);

  // React keeps a radio's checked state through hydration but does not report it: read it once.
  useEffect(() => {
    const checked = group.current?.querySelector<HTMLInputElement>("input:checked");
    const chosen = checked ? options[Number(checked.dataset.index)] : undefined;
    if (chosen && chosen.value !== value) onChange(chosen.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration; later choices arrive through onChange
  }, []);

  return (
    <div ref={group} role="radiogroup" aria-label={label} className={className}>
      {options.map((o, i) => (
        <label key={String(o.value)} className={`relative inline-flex cursor-pointer items-center justify-center has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500 ${optionClassName}`}>
          <input
            type="radio"
            name={name}
            value={String(o.value)}
            data-index={i}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
            // Over the whole option, unseen: the tap lands on the radio itself.
            className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
