import type { ReactNode } from 'react';
import { Breadcrumb, type BreadcrumbItem } from '../../components/breadcrumb.tsx';
import { PageTitle } from '../../components/page-title.tsx';

/** Pieces shared by the content and news pages. */

/**
 * HTML rendered on the server from stored Markdown (server/modules/content/markdown.ts escapes every character of the
 * source and emits only its own tags), so it is safe to inline.
 */
export function Prose({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`prose-content ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * <title>, breadcrumb, <h1> and an optional lead: the top of every content page. The meta description is
 * `description`, else the lead.
 */
export function PageHeader({
  title,
  lead,
  description,
  crumbs,
  children,
}: {
  title: string;
  lead?: string | undefined;
  description?: string | undefined;
  crumbs?: BreadcrumbItem[];
  children?: ReactNode;
}) {
  return (
    <header className="mb-6 sm:mb-8">
      <PageTitle title={title} description={description ?? lead} />
      <Breadcrumb items={crumbs ?? []} title={title} />
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
      {lead && <p className="mt-3 max-w-3xl text-base text-slate-600 sm:text-lg">{lead}</p>}
      {children}
    </header>
  );
}

/** A calm message where a list has nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-slate-600">
      {children}
    </p>
  );
}
