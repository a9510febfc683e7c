import { useTranslation } from '../../../i18n/use-translation.ts';
import type { DrfErrors } from '../../../lib/api.ts';

/**
 * Beside a long form's submit button: "saved" after a success, or, when the server refused fields, a pointer to them
 * (they may be far above the button, on a phone several screens up).
 */
export function SaveState({ saved, message, invalid }: { saved: boolean; message: string; invalid: DrfErrors | null }) {
  const { t } = useTranslation('adminDirections');
  if (invalid && Object.keys(invalid.fields).length) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('checkFields')}
      </p>
    );
  }
  return saved ? (
    <p role="status" className="text-sm text-emerald-700">
      {message}
    </p>
  ) : null;
}
