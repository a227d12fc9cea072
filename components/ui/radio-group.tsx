"use client";

import { useRef, type KeyboardEvent, type ReactNode } from "react";

export type RadioOption<T extends string | number> = { value: T; label: ReactNode };

type Props<T extends string | number> = {
  /** The group's accessible name ("Preset amounts"). */
  label: string;
  options: readonly RadioOption<T>[];
  /** The chosen value; null when none is (e.g. a custom amount was typed instead). */
  value: T | null;
  onChange: (value: T) => void;
  className?: string;
  /** Classes of each option; `checked` tells whether it is the chosen one. */
  optionClassName: (checked: boolean) => string;
};

/**
 * A group of button-styled radios (WAI-ARIA radio group pattern): one tab stop (the chosen
 * option, else the first), arrow keys move the choice (wrapping), Home and End go to the first
 * and last option, Space and Enter choose the focused option. Screen readers hear
 * "radio, checked, 2 of 5" as with native radios.
 */
export function RadioButtonGroup<T extends string | number>({ label, options, value, onChange, className, optionClassName }: Props<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = options.findIndex((o) => o.value === value);
  const tabStop = current >= 0 ? current : 0;

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = options.length - 1;
    const next =
      e.key === "ArrowRight" || e.key === "ArrowDown"
        ? index === last ? 0 : index + 1
        : e.key === "ArrowLeft" || e.key === "ArrowUp"
          ? index === 0 ? last : index - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    onChange(options[next]!.value);
    refs.current[next]?.focus();
  }

  return (
    <div role="radiogroup" aria-label={label} className={className}>
      {options.map((o, i) => (
        <button
          key={String(o.value)}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="radio"
          aria-checked={i === current}
          tabIndex={i === tabStop ? 0 : -1}
          onClick={() => onChange(o.value)}
          onKeyDown={(e) => onKeyDown(e, i)}
          className={optionClassName(i === current)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

