/** Small inline flags for the language switcher (no emoji: Windows renders flag emoji as letters). */
export function FlagRu({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 18 12" aria-hidden="true" className={className}>
      <rect width="18" height="4" fill="#ffffff" />
      <rect y="4" width="18" height="4" fill="#0039a6" />
      <rect y="8" width="18" height="4" fill="#d52b1e" />
      <rect width="18" height="12" fill="none" stroke="#0000001f" strokeWidth="0.75" />
    </svg>
  );
}

export function FlagGb({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 60 40" aria-hidden="true" className={className}>
      {/* The outer <svg> clips what the diagonals draw past its edges. */}
      <g>
        <rect width="60" height="40" fill="#012169" />
        <path d="M0 0l60 40M60 0L0 40" stroke="#ffffff" strokeWidth="8" />
        <path d="M0 0l60 40M60 0L0 40" stroke="#c8102e" strokeWidth="3" />
        <path d="M30 0v40M0 20h60" stroke="#ffffff" strokeWidth="12" />
        <path d="M30 0v40M0 20h60" stroke="#c8102e" strokeWidth="7" />
      </g>
    </svg>
  );
}
