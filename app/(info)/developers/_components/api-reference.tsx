import { Fragment, type ReactNode } from "react";
import type { FieldView, OperationView, ReferenceView, TypeView } from "@/lib/public-api/reference";

/** Text of the document's descriptions: paragraphs split by a blank line, `code` in backticks. */
function Prose({ text, className }: { text: string; className?: string }) {
  if (!text) return null;
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className={className}>
          {paragraph.split("`").map((part, j) => (j % 2 ? <code key={j}>{part}</code> : <Fragment key={j}>{part}</Fragment>))}
        </p>
      ))}
    </>
  );
}

/** A type in words, the model it names as a link to that model's section. */
function TypeLabel({ type }: { type: TypeView }) {
  return (
    <span className="text-ink-muted">
      {type.text}
      {type.model ? (
        <>
          {type.text ? " " : null}
          <a href={`#${type.model.anchor}`} className="font-medium text-brand-700 underline">
            {type.model.name}
          </a>
        </>
      ) : null}
      {type.nullable ? " or null" : null}
    </span>
  );
}

/** Fields of an object, nested objects indented under their field. */
function Fields({ fields }: { fields: FieldView[] }) {
  return (
    <ul className="mt-2 space-y-2 border-l border-ink/15 pl-3">
      {fields.map((f) => (
        <li key={f.name}>
          <Field field={f} />
        </li>
      ))}
    </ul>
  );
}

function Field({ field, place }: { field: FieldView; place?: string }) {
  return (
    <>
      <p className="break-words">
        <code className="font-semibold text-ink [overflow-wrap:anywhere]">{field.name}</code> <TypeLabel type={field.type} />
        {place ? <span className="text-ink-muted">, in {place}</span> : null}
        {field.required ? <span className="text-ink-muted">, required</span> : null}
      </p>
      {field.description ? <Prose text={field.description} className="mt-0.5 text-sm" /> : null}
      {field.type.notes.length ? <p className="mt-0.5 text-sm text-ink-muted [overflow-wrap:anywhere]">{field.type.notes.join("; ")}</p> : null}
      {field.type.fields ? <Fields fields={field.type.fields} /> : null}
    </>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-4">
      <h5 className="text-sm font-semibold uppercase tracking-wide text-ink-muted">{title}</h5>
      {children}
    </div>
  );
}

function Operation({ op, serverUrl }: { op: OperationView; serverUrl?: string }) {
  return (
    <section aria-labelledby={`${op.anchor}-title`} id={op.anchor} className="scroll-mt-24 border-t border-ink/10 pt-6">
      <h4 id={`${op.anchor}-title`} className="text-lg font-bold">
        {op.summary}
      </h4>
      <p className="mt-2 flex flex-wrap items-baseline gap-2">
        <span className={`rounded px-1.5 py-0.5 text-xs font-bold text-white ${op.webhook ? "bg-accent-700" : "bg-brand-700"}`}>{op.method}</span>
        <code className="break-all text-sm">{op.webhook ? `${op.target} (to your endpoint)` : op.target}</code>
      </p>
      {op.access ? <p className="mt-2 text-sm text-ink-muted">{op.access}</p> : null}
      <div className="mt-2 space-y-2">
        <Prose text={op.description} />
      </div>
      {op.parameters.length ? (
        <Block title={op.webhook ? "Headers" : "Parameters"}>
          <ul className="mt-2 space-y-3">
            {op.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <Field field={p} place={p.in === "path" ? "the path" : p.in} />
              </li>
            ))}
          </ul>
        </Block>
      ) : null}
      {op.body ? (
        <Block title="Body">
          <p className="mt-2 break-words">
            <code>{op.body.contentType}</code>: <TypeLabel type={op.body.type} />
          </p>
          {op.body.type.fields ? <Fields fields={op.body.type.fields} /> : null}
        </Block>
      ) : null}
      <Block title="Responses">
        <dl className="mt-2 space-y-2">
          {op.responses.map((r) => (
            <div key={r.status}>
              <dt className="font-semibold">{r.status}</dt>
              <dd className="text-sm">
                <Prose text={r.description} />
                {r.type ? (
                  <p className="break-words">
                    <code>{r.contentType}</code>: <TypeLabel type={r.type} />
                  </p>
                ) : null}
                {r.headers.length ? (
                  <p className="break-words text-ink-muted">
                    Headers:{" "}
                    {r.headers.map((h, i) => (
                      <Fragment key={h}>
                        {i ? ", " : null}
                        <code>{h}</code>
                      </Fragment>
                    ))}
                  </p>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      </Block>
      {!op.webhook && serverUrl ? (
        <pre tabIndex={0} role="region" aria-label={`Example call: ${op.summary}`} className="mt-4 overflow-x-auto rounded-control bg-surface-sunken p-3 text-sm">
          <code>{`curl ${op.access?.startsWith("An API key") ? '-H "Authorization: Bearer $GIVEBRIDGE_KEY" ' : ""}"${serverUrl}${op.target}"`}</code>
        </pre>
      ) : null}
    </section>
  );
}

/**
 * The reference of the public API, rendered on the server from the OpenAPI document (the same
 * one /api/v1/openapi.json serves): a contents list, then each tag's calls and webhooks, then the
 * models they refer to. Plain HTML with one id per section and links only to those ids, so it
 * meets WCAG 2 AA under axe-core and HTML_CodeSniffer whatever part of it is on screen
 * (e2e/developers-a11y.spec.ts), reads without JavaScript and fits 360 px.
 */
export function ApiReference({ reference }: { reference: ReferenceView }) {
  return (
    <div data-testid="api-reference" className="mx-auto max-w-3xl break-words px-2 text-ink sm:px-2">
      <nav aria-labelledby="reference-contents" className="rounded-card bg-surface-muted p-4">
        <h3 id="reference-contents" className="text-lg font-bold">
          Calls and webhooks
        </h3>
        <ul className="mt-2 space-y-3">
          {reference.tags.map((tag) => (
            <li key={tag.anchor}>
              <a href={`#${tag.anchor}`} className="font-semibold text-brand-700 underline">
                {tag.name}
              </a>
              <ul className="mt-1 space-y-1 pl-4">
                {tag.operations.map((op) => (
                  <li key={op.anchor}>
                    <a href={`#${op.anchor}`} className="text-brand-700 underline [overflow-wrap:anywhere]">
                      {op.summary}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          <li>
            <a href="#reference-models" className="font-semibold text-brand-700 underline">
              Models
            </a>
          </li>
        </ul>
      </nav>
      {reference.tags.map((tag) => (
        <section key={tag.anchor} aria-labelledby={`${tag.anchor}-title`} id={tag.anchor} className="mt-10 scroll-mt-24">
          <h3 id={`${tag.anchor}-title`} className="text-2xl font-extrabold">
            {tag.name}
          </h3>
          {tag.description ? <Prose text={tag.description} className="mt-2 text-ink-muted" /> : null}
          <div className="mt-4 space-y-8">
            {tag.operations.map((op) => (
              <Operation key={op.anchor} op={op} serverUrl={reference.serverUrl} />
            ))}
          </div>
        </section>
      ))}
      <section aria-labelledby="reference-models-title" id="reference-models" className="mt-10 scroll-mt-24">
        <h3 id="reference-models-title" className="text-2xl font-extrabold">
          Models
        </h3>
        <p className="mt-2 text-ink-muted">The objects the calls answer with and the webhooks send.</p>
        <div className="mt-4 space-y-6">
          {reference.models.map((m) => (
            <section key={m.anchor} aria-labelledby={`${m.anchor}-title`} id={m.anchor} className="scroll-mt-24 border-t border-ink/10 pt-4">
              <h4 id={`${m.anchor}-title`} className="text-lg font-bold [overflow-wrap:anywhere]">
                {m.name}
              </h4>
              {m.description ? <Prose text={m.description} className="mt-1" /> : null}
              <p className="mt-1 text-sm">
                <TypeLabel type={m.type} />
              </p>
              {m.type.fields ? <Fields fields={m.type.fields} /> : null}
            </section>
          ))}
        </div>
      </section>
    </div>
  );
}
