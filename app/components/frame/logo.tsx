/** The brand mark (same drawing as the favicon) and the wordmark. Decorative: the link around it has the name. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <rect width="32" height="32" rx="9" fill={inverted ? '#ffffff' : '#1663c0'} />
        <path
          d="M9 13h11l-3-3m6 9H12l3 3"
          stroke={inverted ? '#1663c0' : '#ffffff'}
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={`text-xl font-bold tracking-tight ${inverted ? 'text-white' : 'text-ink'}`}>Obmen</span>
    </span>
  );
}
