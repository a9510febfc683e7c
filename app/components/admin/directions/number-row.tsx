import { editableDecimal, formatDecimal } from '../../../../shared/format.ts';
import { useLocale } from '../../../lib/locale.ts';
import { TextField } from '../../form/fields.tsx';

/**
 * One number of the currency and direction forms: a text input (amounts are decimal strings, so no type="number" to
 * reformat them) with the phone's digit keyboard, and the API's messages for its name under it.
 */
export function NumberRow({
  name,
  label,
  hint,
  defaultValue,
  decimal = false,
  errors,
}: {
  name: string;
  label: string;
  hint?: string | undefined;
  defaultValue: string | number;
  /** A fraction is allowed (the keyboard with a decimal point); else whole numbers. */
  decimal?: boolean;
  /** The form's field messages by API name (useConsoleForm's `field`). */
  errors: (name: string) => string[] | undefined;
}) {
  const locale = useLocale();
  return (
    <TextField
      name={name}
      label={label}
      hint={hint}
      // A stored whole number as the console writes numbers ("1 000"), read back as it was (readWholeNumber). A decimal
      // string ungrouped, with the language's decimal sign (editableDecimal): "2,5" beside the list's "2,5 %".
      defaultValue={
        typeof defaultValue === 'number' ? formatDecimal(defaultValue, locale) : editableDecimal(defaultValue, locale)
      }
      inputMode={decimal ? 'decimal' : 'numeric'}
      errors={errors(name)}
    />
  );
}
