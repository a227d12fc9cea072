import type { ComponentType, ReactNode } from "react";
import { Modal } from "@/components/ui/dialog";
import { tileButtonClasses } from "./tile";

/** A dashboard tile that opens a popup (spec: Account Settings, More+, Wishlist, ...). */
export function PopupTile({
  title,
  description,
  icon: Icon,
  popupTitle,
  children,
  defaultOpen,
}: {
  title: string;
  description?: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  popupTitle?: string;
  children: ReactNode;
  defaultOpen?: boolean;
}) {
  return (
    <Modal
      title={popupTitle ?? title}
      defaultOpen={defaultOpen}
      trigger={
        <button type="button" className={tileButtonClasses}>
          <Icon className="size-7 text-brand-700" aria-hidden />
          <span className="font-semibold text-ink">{title}</span>
          {description ? <span className="text-sm text-ink-muted">{description}</span> : null}
        </button>
      }
    >
      {children}
    </Modal>
  );
}
