/** "Skip to main content": the first focusable element, visible when focused. */
export function SkipLink({ target = "main" }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only rounded-control bg-brand-800 font-semibold text-white shadow-pop focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100] focus:px-4 focus:py-3"
    >
      Skip to main content
    </a>
  );
}
