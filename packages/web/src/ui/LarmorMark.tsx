/**
 * Larmor's logo mark: a spin precessing about the main field — the tilted magnetisation vector and the cone
 * it sweeps at the Larmor frequency. Decorative by default (the word "Larmor" beside it names the product); pass
 * `title` where the mark stands alone.
 */
export function LarmorMark(props: { size?: number; title?: string }) {
  const size = props.size ?? 28;
  const labelled = props.title !== undefined;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={labelled ? 'img' : undefined}
      aria-hidden={labelled ? undefined : true}
      focusable="false"
    >
      {labelled && <title>{props.title}</title>}
      <circle cx="16" cy="16" r="15" fill="var(--mantine-color-larmor-9)" />
      {/* The precession cone's rim, seen in perspective. */}
      <ellipse cx="16" cy="10" rx="9" ry="3" fill="none" stroke="#b7c3f2" strokeWidth="1.5" />
      {/* B0 along the axis, and the magnetisation vector on the cone. */}
      <line x1="16" y1="26" x2="16" y2="6" stroke="#b7c3f2" strokeWidth="1.2" strokeDasharray="1.5 1.5" />
      <line x1="16" y1="26" x2="23.5" y2="11.5" stroke="#ffffff" strokeWidth="2.4" strokeLinecap="round" />
      <circle cx="23.5" cy="11.5" r="2.2" fill="#ffffff" />
    </svg>
  );
}
