import { useEffect, useRef } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CircleCheck as CheckCircle2 } from '../../components/icons/circle-check.tsx';
import { paths } from '../../../shared/paths.ts';
import { monitoringLimits, monitoringRegistrationSchema } from '../../../shared/schemas/content.ts';
import { translateFieldErrors } from '../../../shared/field-issues.ts';
import { isRefusedText } from '../../../shared/refused-text.ts';
import { fieldErrors, type FieldErrors } from '../../../shared/schemas/fields.ts';
import { SubmitButton, TextAreaField, TextField } from '../../components/form/fields.tsx';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { appContext } from '../../context.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import { formatDecimal } from '../../../shared/format.ts';
import { errorMessage } from '../../../shared/errors.ts';
import type { Route } from './+types/monitoring';
import { PartnerTabs } from './partner-tabs.tsx';
import { PageHeader, Prose } from './parts.tsx';
import { contentCatalogue } from '../../i18n/catalogue-content.ts';
import { useLazyCatalogue } from '../../i18n/lazy-catalogue.ts';

const fields = ['name', 'url', 'email', 'comment'] as const;
type Values = Record<(typeof fields)[number], string>;

export async function loader({ context }: Route.LoaderArgs) {
  const { locale, services } = context.get(appContext);
  const page = await services.content.page('partners-monitoring', locale);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

/**
 * The register form posts here (works without script). The same shared schema as POST /api/v1/content/monitoring/
 * validates it, and the service stores it; a duplicate site comes back as a field error on `url`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale, services, countFormPost } = context.get(appContext);
  // Counted before anything is read, as the API route counts (server/modules/content/routes.ts): a script posting
  // this page was not limited at all while the API allowed 30 an hour.
  const retryAfter = await countFormPost('monitoring');
  // A body that is no form (JSON, a broken multipart) is the client's error, not the page's.
  const form = await request.formData().catch(() => null);
  if (!form) throw data(null, { status: 400 });
  const values = Object.fromEntries(fields.map((f) => [f, String(form.get(f) ?? '')])) as Values;
  if (retryAfter !== null) {
    return data(
      {
        ok: false as const,
        errors: { detail: [errorMessage('rate_limited', locale)] },
        values: blankUnholdable(values),
      },
      { status: 429, headers: { 'retry-after': String(retryAfter) } },
    );
  }
  // The schema also refuses a NUL byte or a lone surrogate (the server's boundary check walks parsed JSON, not this
  // form post's bytes).
  const parsed = monitoringRegistrationSchema.safeParse(values);
  // The page with its errors answers 200, as a re-shown form does: a 4xx would only add a console error in browsers.
  if (!parsed.success) {
    const errors = translateFieldErrors(fieldErrors(parsed.error), locale);
    return { ok: false as const, errors, values: blankUnholdable(values) };
  }
  try {
    const created = await services.content.registerMonitoring(parsed.data, locale);
    return { ok: true as const, url: created.url, email: created.email };
  } catch (e) {
    // The server's AppError is another copy of the class in this bundle: recognised by its field errors.
    const errors = (e as { fields?: FieldErrors }).fields;
    if (errors) return { ok: false as const, errors: translateFieldErrors(errors, locale), values };
    throw e;
  }
}

/** A refused post's Retry-After goes on the page's answer (React Router keeps an action's headers only if asked). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get('retry-after');
  return retryAfter ? { 'retry-after': retryAfter } : new Headers();
}

/** The form shown again leaves a refused value out (a NUL byte is no text to put back into a field). */
const blankUnholdable = (values: Values): Values =>
  Object.fromEntries(fields.map((f) => [f, isRefusedText(values[f]) ? '' : values[f]])) as Values;

export default function MonitoringRoute({ loaderData, actionData }: Route.ComponentProps) {
  useLazyCatalogue(contentCatalogue);
  const { t } = useTranslation('content');
  const to = useLocalizedHref();
  const locale = useLocale();
  const navigation = useNavigation();
  const { page } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors: FieldErrors = failed?.errors ?? {};
  const values: Partial<Values> = failed?.values ?? {};
  const general = Object.entries(errors)
    .filter(([key]) => !(fields as readonly string[]).includes(key))
    .flatMap(([, messages]) => messages);
  // After an answer the keyboard goes where the answer is, as the site's other forms do: to the first refused field
  // (a refusal of the whole form is read out by its alert and leaves the focus), or to the thanks that replaced the
  // form (the focused button is gone with it).
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!actionData) return;
    const target = actionData.ok
      ? section.current?.querySelector<HTMLElement>('#monitoring-form')
      : section.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
  }, [actionData]);

  return (
    <div>
      <PageHeader
        title={page.title}
        lead={page.description}
        crumbs={[{ label: t('partners.tabs.programme'), to: paths.partners }]}
      >
        <PartnerTabs />
      </PageHeader>
      {/* One shrinkable column on a phone: an auto one grew to a long site address in the thanks, past the screen. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
        <Prose html={page.html} className="max-w-3xl" />
        <section ref={section} aria-labelledby="monitoring-form" className="card p-5 sm:p-6">
          {actionData?.ok ? (
            <div role="status" className="text-center">
              <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-emerald-600" />
              <h2 id="monitoring-form" tabIndex={-1} className="mt-3 text-xl font-semibold focus:outline-none">
                {t('monitoring.thanksTitle')}
              </h2>
              <p className="mt-2 text-slate-600 [overflow-wrap:anywhere]">
                {t('monitoring.thanksText', { url: actionData.url, email: actionData.email })}
              </p>
              <Link to={to(paths.partnersMonitoring)} className="btn-secondary mt-5">
                {t('monitoring.another')}
              </Link>
            </div>
          ) : (
            <>
              <h2 id="monitoring-form" className="text-xl font-semibold">
                {t('monitoring.formTitle')}
              </h2>
              <p className="mt-1 mb-4 text-sm text-slate-600">{t('monitoring.formLead')}</p>
              <FormAlert messages={failed ? (general.length ? general : [t('monitoring.invalid')]) : []} />
              {/* The fragment is for a browser without script: the answer to its post opens at the form's heading (its
                  messages, or the thanks), not at the page's top two screens above them. */}
              <Form method="post" action="#monitoring-form" noValidate className="space-y-4">
                <TextField
                  label={t('monitoring.name')}
                  name="name"
                  autoComplete="organization"
                  required
                  maxLength={monitoringLimits.name}
                  defaultValue={values.name}
                  errors={errors.name}
                />
                <TextField
                  label={t('monitoring.url')}
                  name="url"
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  required
                  maxLength={monitoringLimits.url}
                  defaultValue={values.url}
                  hint={t('monitoring.urlHint')}
                  errors={errors.url}
                />
                <TextField
                  label={t('monitoring.email')}
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={monitoringLimits.email}
                  defaultValue={values.email}
                  errors={errors.email}
                />
                <TextAreaField
                  label={t('monitoring.comment')}
                  name="comment"
                  rows={4}
                  maxLength={monitoringLimits.comment}
                  defaultValue={values.comment ?? ''}
                  // The field stops at its limit (maxLength), a paste included: said beforehand, not found out.
                  hint={t('monitoring.commentHint', {
                    count: monitoringLimits.comment,
                    max: formatDecimal(monitoringLimits.comment, locale),
                  })}
                  errors={errors.comment}
                />
                <SubmitButton native submitting={navigation.state === 'submitting'}>
                  {t('monitoring.submit')}
                </SubmitButton>
              </Form>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
