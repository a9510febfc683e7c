import type { ReactNode } from 'react';
import { Breadcrumb } from '../breadcrumb.tsx';
import { PageTitle } from '../page-title.tsx';

/** The layout of the guest pages (login, sign-up, recovery): breadcrumb, then a centred card with the form. */
export function AuthPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <>
      <PageTitle title={title} />
      <Breadcrumb title={title} />
      <div className="card mx-auto w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {intro && <p className="mt-2 text-sm leading-relaxed text-slate-600">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </>
  );
}

/** What replaces a form once it succeeded: an icon, a heading and a short text. */
export function AuthSuccess({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
      <p className="font-semibold">{title}</p>
      <div className="mt-1 leading-relaxed">{children}</div>
    </div>
  );
}
