import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ArrowDown } from '../../icons/arrow-down.tsx';
import { ArrowUp } from '../../icons/arrow-up.tsx';
import { CircleCheck as CheckCircle2 } from '../../icons/circle-check.tsx';
import { Plus } from '../../icons/plus.tsx';
import { Trash as Trash2 } from '../../icons/trash.tsx';
import { requisiteIssue } from '../../../../shared/exchange/claim-check.ts';
import { checkRequisite, inputKinds, type RequisiteInput } from '../../../../shared/exchange/requisites.ts';
import { translateIssue } from '../../../../shared/field-issues.ts';
import { useLocale } from '../../../lib/locale.ts';
import { Field } from '../../exchange/form-parts.tsx';
import { CheckboxField, SelectField, TextField } from '../../form/fields.tsx';

/** An input being edited, with a key of its own: names change while typing, React's keys must not. */
export type EditedInput = RequisiteInput & { key: string };

let seq = 0;
export const editable = (input: RequisiteInput): EditedInput => ({ ...input, key: `input-${++seq}` });
/** What the API takes: the input without the editor's key. */
export const stored = ({ key: _key, ...input }: EditedInput): RequisiteInput => input;

const blank = (): EditedInput =>
  editable({
    name: '',
    label: { ru: '', en: '' },
    visible: true,
    required: true,
    kind: 'text',
    pattern: null,
    example: '',
  });

/**
 * One side's requisite inputs (`fromInputs` or `toInputs`): add, change, reorder, remove, hide. The server checks
 * every rule again (requisiteInputsField and the service); `errors` are its messages by API field name.
 */
export function InputsEditor({
  side,
  inputs,
  onChange,
  network,
  errors,
}: {
  side: 'fromInputs' | 'toInputs';
  inputs: EditedInput[];
  onChange: (inputs: EditedInput[]) => void;
  network: string | null;
  errors: (name: string) => string[] | undefined;
}) {
  const { t } = useTranslation('adminDirections');
  const titleId = `${side}-title`;
  const change = (n: number, patch: Partial<RequisiteInput>) =>
    onChange(inputs.map((input, i) => (i === n ? { ...input, ...patch } : input)));
  const move = (n: number, by: -1 | 1) => {
    const next = [...inputs];
    [next[n], next[n + by]] = [next[n + by]!, next[n]!];
    onChange(next);
  };
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid={side}>
      <h2 id={titleId} className="text-lg font-semibold text-ink">
        {t(side === 'fromInputs' ? 'inputs.fromTitle' : 'inputs.toTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('inputs.text')}</p>
      {inputs.length === 0 && <p className="mt-3 text-sm text-slate-600">{t('inputs.empty')}</p>}
      <ol className="mt-3 space-y-3">
        {inputs.map((input, n) => {
          const path = (field: string) => errors(`${side}.${n}.${field}`);
          const number = n + 1;
          return (
            <li key={input.key} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200" data-testid="input-item">
              <div className="flex items-center gap-1">
                <h3 className="mr-auto text-sm font-semibold text-slate-700">
                  {t('inputs.item', { n: number })}
                  {input.name ? ` · ${input.name}` : ''}
                </h3>
                <IconButton label={t('inputs.up', { n: number })} disabled={n === 0} onClick={() => move(n, -1)}>
                  <ArrowUp aria-hidden="true" className="size-4" />
                </IconButton>
                <IconButton
                  label={t('inputs.down', { n: number })}
                  disabled={n === inputs.length - 1}
                  onClick={() => move(n, 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </IconButton>
                <IconButton
                  label={t('inputs.remove', { n: number })}
                  onClick={() => onChange(inputs.filter((_, i) => i !== n))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </IconButton>
              </div>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                <TextField
                  label={t('inputs.name')}
                  value={input.name}
                  onChange={(e) => change(n, { name: e.target.value })}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  errors={path('name')}
                />
                <SelectField
                  label={t('inputs.kind')}
                  value={input.kind}
                  onChange={(e) => change(n, { kind: e.target.value as RequisiteInput['kind'] })}
                  options={inputKinds.map((k) => ({ value: k, label: t(`inputs.kinds.${k}`) }))}
                  errors={path('kind')}
                />
                <TextField
                  label={t('inputs.labelRu')}
                  value={input.label.ru}
                  onChange={(e) => change(n, { label: { ...input.label, ru: e.target.value } })}
                  errors={path('label.ru')}
                />
                <TextField
                  label={t('inputs.labelEn')}
                  value={input.label.en}
                  onChange={(e) => change(n, { label: { ...input.label, en: e.target.value } })}
                  errors={path('label.en')}
                />
                <TextField
                  label={t('inputs.example')}
                  value={input.example}
                  onChange={(e) => change(n, { example: e.target.value })}
                  autoComplete="off"
                  errors={path('example')}
                />
                <TextField
                  label={t('inputs.exampleEn')}
                  hint={t('inputs.exampleEnHint')}
                  value={input.exampleEn ?? ''}
                  onChange={(e) => change(n, { exampleEn: e.target.value || undefined })}
                  autoComplete="off"
                  errors={path('exampleEn')}
                />
                <TextField
                  label={t('inputs.pattern')}
                  hint={t('inputs.patternHint')}
                  value={input.pattern ?? ''}
                  onChange={(e) => change(n, { pattern: e.target.value || null })}
                  autoComplete="off"
                  spellCheck={false}
                  errors={path('pattern')}
                />
              </div>
              <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
                <CheckboxField checked={input.visible} onChange={(e) => change(n, { visible: e.target.checked })}>
                  {t('inputs.visible')}
                </CheckboxField>
                <CheckboxField checked={input.required} onChange={(e) => change(n, { required: e.target.checked })}>
                  {t('inputs.required')}
                </CheckboxField>
              </div>
              <Preview input={input} network={network} />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn-secondary mt-3 inline-flex items-center gap-1.5"
        onClick={() => onChange([...inputs, blank()])}
      >
        <Plus aria-hidden="true" className="size-4" />
        {t('inputs.add')}
      </button>
    </section>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="focus-ring inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-white hover:text-ink disabled:opacity-40"
    >
      {children}
    </button>
  );
}

/**
 * The input as the claim form shows it (label in the page's language, the example as placeholder), with the same
 * check the server runs on a claim: the operator can try a value before customers do.
 */
function Preview({ input, network }: { input: RequisiteInput; network: string | null }) {
  const { t } = useTranslation('adminDirections');
  const locale = useLocale();
  const [value, setValue] = useState('');
  if (!input.visible) return <p className="mt-3 text-sm text-slate-600 italic">{t('inputs.previewHidden')}</p>;
  const tried = value || input.example;
  const problem = tried ? checkRequisite(input, network, tried) : null;
  const label =
    (input.label[locale] || input.label.ru || input.name || '…') + (input.required ? '' : ` ${t('inputs.optional')}`);
  return (
    <div className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-3" data-testid="input-preview">
      <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('inputs.preview')}</p>
      <Field
        label={label}
        placeholder={input.example}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        hint={tried ? undefined : t('inputs.tryIt')}
        errors={problem ? [translateIssue(requisiteIssue(problem, input, network), locale)] : undefined}
      />
      {tried && !problem && (
        <p className="mt-1.5 flex items-center gap-1.5 text-sm text-emerald-700">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {t('inputs.previewOk')}
        </p>
      )}
    </div>
  );
}
