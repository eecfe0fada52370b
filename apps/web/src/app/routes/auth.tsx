import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { MSG } from '@fenestra/shared';
import { Loading } from '../../components/ui/loading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button';
import { FirstAdminNotice } from '../../features/auth/components/first-admin-notice';
import { InvalidResetLink } from '../../features/auth/components/invalid-reset-link';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { usePublicConfig } from '../../lib/public-config';
import { useMe } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

type Tab = 'signin' | 'signup';

export function AuthRoute() {
  const [params, setParams] = useSearchParams();
  const { me, isLoading } = useMe();
  const { googleEnabled, needsFirstAdmin, siteName } = usePublicConfig();
  const resetMode = params.get('reset') === 'true';
  const token = params.get('token');
  const tab: Tab = params.get('tab') === 'signup' ? 'signup' : 'signin';
  const providerError = params.get('error');
  const googleFailed = providerError === 'google' || providerError === 'banned';
  useDocumentTitle(resetMode ? 'Reset password' : tab === 'signup' ? 'Sign up' : 'Sign in');

  useEffect(() => {
    if (!googleFailed) return;
    toast.error(MSG.googleFailed, {
      id: 'google-failed',
      description:
        providerError === 'banned' ? 'This account is banned. Sign in with your password to see why.' : undefined,
    });
    setParams(
      (current) => {
        current.delete('error');
        return current;
      },
      { replace: true },
    );
  }, [googleFailed, providerError, setParams]);

  function selectTab(value: string) {
    setParams(value === 'signup' ? { tab: 'signup' } : {}, { replace: true });
  }

  if (resetMode) {
    return (
      <AuthCard title="Set a new password" subtitle={`Choose a new password for your ${siteName} account.`}>
        {token ? <ResetPasswordForm token={token} /> : <InvalidResetLink />}
      </AuthCard>
    );
  }
  if (isLoading) return <Loading />;
  if (me) return <Navigate to={paths.home} replace />;

  return (
    <AuthCard
      title={`Welcome to ${siteName}`}
      subtitle="Sign in or create an account to ask questions and help others."
    >
      {needsFirstAdmin && <FirstAdminNotice />}
      {googleEnabled && (
        <>
          <GoogleSignInButton />
          <div className="my-5 flex items-center gap-3 text-xs text-muted uppercase">
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
        </>
      )}
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="Sign in or sign up">
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="signin">
          <SignInForm />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm />
        </TabsContent>
      </Tabs>
    </AuthCard>
  );
}
