import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Locale } from '../../../shared/locales.ts';
import { href, paths } from '../../../shared/paths.ts';
import type { FieldErrors } from '../../../shared/field-issues.ts';
import type { PairInput, PairSettings } from '../../../shared/schemas/exchange.ts';
import { columns, ErrorList, Field } from './form-parts.tsx';
import { requisiteInputMode, requisiteInputType } from '../../lib/exchange/requisite-keyboard.ts';

/** The claim's own fields under the calculator: the requisites of both sides and the agreement to the rules. */

type Side = 'from' | 'to';

export function Requisites({
  pair,
  errors,
  locked,
  onCheck,
}: {
  pair: PairSettings;
  errors: FieldErrors;
  /** A claim is on its way: the fields are read-only until its answer. */
  locked: boolean;
  onCheck: (side: Side, name: string, value: string) => void;
}) {
  const { t } = useTranslation('exchange');
  const sides = (['from', 'to'] as const)
    .map((side) => ({ side, inputs: pair.structure[side].inputs.filter((input) => input.visible) }))
    .filter((s) => s.inputs.length > 0);
  if (!sides.length) return null;
  return (
    <div className={`mt-6 grid gap-5 ${columns}`}>
      {sides.map(({ side, inputs }) => (
        <fieldset key={side} className={`space-y-4 ${side === 'from' ? 'md:col-start-1' : 'md:col-start-3'}`}>
          {/* scroll-mt: the sticky header's height and a gap, for the first field's error (use-claim-submit.ts). */}
          <legend className="mb-3 scroll-mt-20 text-base font-semibold text-ink">{t(`details.${side}`)}</legend>
          {inputs.map((input) => (
            <RequisiteInput
              key={`${side}:${input.name}:${input.kind}`}
              side={side}
              input={input}
              errors={errors[`${side}Requisites.${input.name}`]}
              locked={locked}
              onCheck={onCheck}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

function RequisiteInput({
  side,
  input,
  errors,
  locked,
  onCheck,
}: {
  side: Side;
  input: PairInput;
  errors: string[] | undefined;
  locked: boolean;
  onCheck: (side: Side, name: string, value: string) => void;
}) {
  return (
    <Field
      label={input.label}
      name={`${side}Requisites.${input.name}`}
      type={requisiteInputType[input.kind]}
      inputMode={requisiteInputMode[input.kind]}
      autoComplete={input.kind === 'email' ? 'email' : 'off'}
      autoCapitalize={input.kind === 'text' ? 'words' : 'off'}
      spellCheck={false}
      placeholder={input.example}
      required={input.required}
      defaultValue=""
      readOnly={locked}
      errors={errors}
      onBlur={(event) => onCheck(side, input.name, event.target.value)}
    />
  );
}

export function Agreement({ errors, locale }: { errors: string[] | undefined; locale: Locale }) {
  const { t } = useTranslation('exchange');
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <div>
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          name="agree"
          type="checkbox"
          value="1"
          required
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-600"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
        />
        <label htmlFor={id} className="scroll-mt-20 cursor-pointer text-sm text-slate-700">
          {t('agree')} {/* A new tab: following the link must not lose what the customer typed. */}
          <a href={href(locale, paths.rules)} target="_blank" rel="noopener" className="link">
            {t('agreeLink')}
          </a>
        </label>
      </div>
      {invalid && <ErrorList id={`${id}-error`} messages={errors} />}
    </div>
  );
}
