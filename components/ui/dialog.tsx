"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { cn } from "./cn";

export type ModalProps = {
  /** Controlled open state; omit both to let the trigger drive it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  defaultOpen?: boolean;
  /** The element that opens the modal (rendered with asChild, so pass a button). */
  trigger?: ReactNode;
  /** Accessible, visible title. */
  title: ReactNode;
  /** Visible text under the title; it becomes the dialog's description. */
  description?: ReactNode;
  /** Hide the title visually (still announced). */
  hideTitle?: boolean;
  children?: ReactNode;
  /** Buttons at the bottom (e.g. Cancel / Save). */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
  /** Hide the X button in the corner. */
  hideClose?: boolean;
  /** Stop Escape and outside clicks from closing (e.g. while saving). */
  preventClose?: boolean;
  className?: string;
  /** Where focus goes when the modal closes (default: the element focused before it opened). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /**
   * Called when the modal has closed, before focus returns: return an element to focus it
   * instead (e.g. the message announcing what the dialog did), or null for the default.
   */
  focusAfterClose?: () => HTMLElement | null;
};

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" } as const;

/**
 * A modal dialog on Radix Dialog: focus is trapped and returned to the trigger, Escape and a
 * click on the backdrop close it, the title labels it. Scrolls inside when taller than the screen.
 */
export function Modal({
  open,
  onOpenChange,
  defaultOpen,
  trigger,
  title,
  description,
  hideTitle,
  children,
  footer,
  size = "md",
  hideClose,
  preventClose,
  className,
  returnFocusTo,
  focusAfterClose,
}: ModalProps) {
  const stop = preventClose ? (e: Event) => e.preventDefault() : undefined;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} defaultOpen={defaultOpen}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-brand-950/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          onCloseAutoFocus={
            returnFocusTo || focusAfterClose
              ? (e) => {
                  const target = focusAfterClose?.() ?? returnFocusTo?.current;
                  if (!target) return;
                  e.preventDefault();
                  target.focus();
                }
              : undefined
          }
          onEscapeKeyDown={stop}
          onPointerDownOutside={stop}
          onInteractOutside={stop}
          {...(description ? {} : { "aria-describedby": undefined })}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col",
            "rounded-card bg-white shadow-pop focus:outline-none data-[state=open]:animate-pop-in",
            widths[size],
            className,
          )}
        >
          <div className="flex items-start gap-4 border-b border-slate-100 px-5 pt-5 pb-4 sm:px-6">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className={cn("text-lg font-bold text-ink", hideTitle && "sr-only")}>{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-ink-muted">{description}</RadixDialog.Description>
              ) : null}
            </div>
            {hideClose ? null : (
              <RadixDialog.Close
                aria-label="Close"
                className="-mt-1 -mr-2 flex size-10 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface-sunken hover:text-ink"
              >
                <X className="size-5" aria-hidden="true" />
              </RadixDialog.Close>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
              {footer}
            </div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wrap a button so it closes the surrounding Modal: <ModalClose><Button>Cancel</Button></ModalClose>. */
export function ModalClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}

/** The Radix primitives, for dialogs that need a custom layout. */
export const DialogPrimitive = RadixDialog;
