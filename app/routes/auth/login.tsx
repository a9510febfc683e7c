import { useTranslation } from '../../i18n/use-translation.ts';
import { useSearchParams } from 'react-router';
import { AuthPage } from '../../components/auth/auth-page.tsx';
import { LoginForm } from '../../components/auth/login-form.tsx';
import { requireGuest } from '../../lib/guards.ts';
import type { Route } from './+types/login';
import { authStrings } from '../../i18n/auth-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// The 'auth' strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(authStrings);

/** The 'guest' guard (docs/product/behaviour.md): a logged-in visitor goes to the account. */
export function loader({ context, request }: Route.LoaderArgs) {
  return requireGuest(context, request);
}

/** /login: the login modal's form as a page; `?next=` (set by the account guard) is where a login lands. */
export default function LoginRoute() {
  useLocaleStrings(authStrings);
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  return (
    <AuthPage title={t('login.title')}>
      <LoginForm next={params.get('next')} />
    </AuthPage>
  );
}
