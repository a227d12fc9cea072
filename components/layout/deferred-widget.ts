import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent, type PointerEvent, type RefObject } from "react";

/**
 * How the real widget's trigger opens, as in Radix: a dropdown menu on a left-button pointer
 * down or Enter/Space/ArrowDown, a dialog on click (which Enter and Space also produce).
 */
export type OpensOn = "menu" | "dialog";

/** What the real widget receives besides its own props: the ref of its trigger button. */
export type DeferredWidgetProps = { triggerRef: RefObject<HTMLButtonElement | null> };

type Press = { kind: "pointer"; pointerType: string } | { kind: "key"; key: string } | { kind: "click" };

const MENU_KEYS = ["Enter", " ", "ArrowDown"];

/**
 * Loads a heavy interactive widget (a Radix menu or dialog) only when a visitor reaches for it,
 * so it is not part of the page's first load. Until then the caller renders a plain stand-in
 * button with `standIn` spread on it: it must look and read like the widget's trigger (same
 * classes, content and accessible name; `standIn` adds the role hints aria-haspopup,
 * aria-expanded and data-state). Hovering or focusing the stand-in starts the download;
 * pressing it also remembers the press. When the module arrives the caller renders `Widget`
 * instead, which must put `triggerRef` on its trigger: the trigger takes the focus if the
 * stand-in had it, and the press is replayed on it, so the menu or dialog opens as if it had
 * been there from the start (keyboard opening included).
 */
export function useDeferredWidget<P extends object>(load: () => Promise<ComponentType<P & DeferredWidgetProps>>, opensOn: OpensOn) {
  const [Widget, setWidget] = useState<ComponentType<P & DeferredWidgetProps> | null>(null);
  const standInRef = useRef<HTMLButtonElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const press = useRef<Press | null>(null);
  const hadFocus = useRef(false);
  const started = useRef(false);

  function fetchWidget() {
    if (started.current) return;
    started.current = true;
    load().then(
      (component) => {
        hadFocus.current = document.activeElement === standInRef.current;
        setWidget(() => component);
      },
      () => {
        started.current = false; // offline or a failed chunk: the next press tries again
      },
    );
  }

  useEffect(() => {
    const trigger = triggerRef.current;
    if (!Widget || !trigger) return;
    if (hadFocus.current) trigger.focus();
    hadFocus.current = false;
    const replay = press.current;
    press.current = null; // once only, also when an effect runs twice
    if (!replay) return;
    if (replay.kind === "click") trigger.click();
    else if (replay.kind === "key") trigger.dispatchEvent(new globalThis.KeyboardEvent("keydown", { key: replay.key, bubbles: true, cancelable: true }));
    else {
      trigger.dispatchEvent(
        new globalThis.PointerEvent("pointerdown", { button: 0, pointerType: replay.pointerType, isPrimary: true, bubbles: true, cancelable: true }),
      );
    }
  }, [Widget]);

  const standIn = {
    ref: standInRef,
    type: "button" as const,
    "aria-haspopup": opensOn,
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: fetchWidget,
    onFocus: fetchWidget,
    ...(opensOn === "menu"
      ? {
          onPointerDown(event: PointerEvent<HTMLButtonElement>) {
            if (event.button !== 0 || event.ctrlKey) return;
            event.preventDefault(); // as Radix does: the opened menu takes the focus, not the button
            press.current = { kind: "pointer", pointerType: event.pointerType };
            fetchWidget();
          },
          onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
            if (!MENU_KEYS.includes(event.key)) return;
            event.preventDefault();
            press.current = { kind: "key", key: event.key };
            fetchWidget();
          },
        }
      : {
          onClick() {
            press.current = { kind: "click" };
            fetchWidget();
          },
        }),
  };

  return { Widget, triggerRef, standIn };
}
