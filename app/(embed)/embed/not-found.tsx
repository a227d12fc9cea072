import { Alert } from "@/components/ui/alert";
import { messages } from "@/lib/validations/messages";

/** An embed code naming an organization or fundraiser that does not exist. */
export default function EmbedNotFound() {
  return (
    <div className="px-4 py-6">
      <Alert variant="error" title="Donation form not found">
        {messages.embed.formNotFound}
      </Alert>
    </div>
  );
}
