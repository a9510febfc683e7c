/**
 * The site's icons: Lucide's shapes (https://lucide.dev, ISC licence), one module per icon so a page's chunks carry
 * only the icons it shows. Each is a fixed SVG string drawn by one `<svg>`: no per-icon React elements, no context, no
 * class merging. That keeps lucide-react's runtime (~1.5 KiB gzip) out of the first load and is cheaper to render on
 * the server (docs/decisions/0028). Decorative unless given an `aria-label`, as lucide-react's were.
 */
interface IconProps {
  className?: string;
  strokeWidth?: number;
  'aria-hidden'?: boolean | 'true' | 'false';
  'aria-label'?: string;
}

export type Icon = (props: IconProps) => React.JSX.Element;

export function icon(body: string): Icon {
  const html = { __html: body };
  return function Icon({ className, strokeWidth = 2, 'aria-label': label, 'aria-hidden': hidden }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className}
        aria-label={label}
        aria-hidden={hidden ?? (label ? undefined : true)}
        role={label ? 'img' : undefined}
        dangerouslySetInnerHTML={html}
      />
    );
  };
}
