import { useTranslation } from '../../i18n/use-translation.ts';
import { useSearchParams } from 'react-router';
import { Modal } from '../modal.tsx';
import { LoginForm } from './login-form.tsx';
import { authStrings } from '../../i18n/auth-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// The 'auth' strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(authStrings);

/**
 * The login modal (docs/product/site.md). Loaded on first open (React.lazy), so react-aria stays out of the first
 * paint's JavaScript.
 */
export default function LoginModal({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  useLocaleStrings(authStrings);
  const { t } = useTranslation('auth');
  // Opened on the login page the guard sent a guest to, it returns them where they were going, as the page's form does.
  const [params] = useSearchParams();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={t('login.title')}>
      <LoginForm next={params.get('next')} focusOnMount />
    </Modal>
  );
}
