import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExchangeFormProps } from './exchange-form.tsx';

/**
 * The calculator as an island: server-rendered in full, its script in a chunk of its own that hydrates only this part
 * of the page. The home page's first-load JavaScript (README, "Performance budgets") stays with React, the router and
 * the frame; the calculator's code (big.js, the calculation module, the form) arrives beside it. While the chunk is on
 * its way React keeps the server's HTML of this boundary as it is, and replays a press on it once hydrated.
 */

let Loaded: ComponentType<ExchangeFormProps> | null = null;

/** Fetches the form's chunk (once). The server's loader awaits it, so SSR renders the form itself, not a fallback. */
export function loadExchangeForm(): Promise<ComponentType<ExchangeFormProps>> {
  return import('./exchange-form.tsx').then((module) => (Loaded = module.ExchangeForm));
}

const LazyForm = lazy(() => loadExchangeForm().then((component) => ({ default: component })));

function Fallback() {
  const { t } = useTranslation('exchange');
  return (
    <div className="card flex min-h-[28rem] items-center justify-center p-6 text-slate-600" aria-busy="true">
      {/* A CSS spinner: an icon here would add a module to every home page's first load. */}
      <span
        aria-hidden="true"
        className="mr-2 size-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
      />
      {t('loading')}
    </div>
  );
}

export function ExchangeIsland(props: ExchangeFormProps) {
  // Chosen once per mount: switching from the lazy wrapper to the loaded component later would remount the form.
  const [Form] = useState<ComponentType<ExchangeFormProps>>(() => Loaded ?? LazyForm);
  return (
    <Suspense fallback={<Fallback />}>
      <Form {...props} />
    </Suspense>
  );
}
